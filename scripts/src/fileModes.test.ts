import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";

const serverEntry = fileURLToPath(new URL("../../server/dist/server.bundle.js", import.meta.url));
const script = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

/** `node entry args` under the most open umask a shell or supervisor could give. */
const underOpenUmask = (entry: string, args: string[] = []) => [
  "-c",
  'umask 000 && exec "$@"',
  "sh",
  process.execPath,
  entry,
  ...args,
];

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("the couple's files are private whatever the umask", () => {
  it("the server's data folder and database, a backup and an export are 700/600", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-modes-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const data = join(dir, "data");
    const env = {
      PATH: process.env.PATH ?? "",
      DATABASE_PATH: join(data, "spankbank.db"),
      SPANKBANK_CONFIG: join(dir, "none.json"),
      PORT: "0",
      HOST: "127.0.0.1",
    };
    const server = spawn("sh", underOpenUmask(serverEntry), { cwd: dir, env });
    onTestFinished(() => void (server.exitCode === null && server.kill("SIGKILL")));
    let output = "";
    const listening = new Promise<void>((resolve, reject) => {
      server.stdout.on("data", (chunk) => {
        output += chunk;
        if (output.includes("Server listening")) resolve();
      });
      server.on("exit", () => reject(new Error(`the server stopped:\n${output}`)));
    });
    await listening;
    expect(modeOf(data)).toBe(0o700);
    expect(modeOf(join(data, "spankbank.db"))).toBe(0o600);
    expect(modeOf(join(data, "spankbank.db-wal"))).toBe(0o600);
    expect(modeOf(join(data, "run"))).toBe(0o700);
    server.kill("SIGTERM");
    await new Promise((resolve) => server.on("exit", resolve));

    const backup = spawnSync("sh", underOpenUmask(script("backup")), { cwd: dir, env, encoding: "utf8" });
    expect(backup.status, backup.stderr).toBe(0);
    const backups = join(data, "backups");
    expect(modeOf(backups)).toBe(0o700);
    const files = readdirSync(backups, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(modeOf(join(file.parentPath, file.name)), file.name).toBe(0o600);

    const target = join(dir, "export.zip");
    const exported = spawnSync("sh", underOpenUmask(script("export"), [target]), { cwd: dir, env, encoding: "utf8" });
    expect(exported.status, exported.stderr).toBe(0);
    expect(modeOf(target)).toBe(0o600);
  }, 60_000);

  it("a restore from a copy fetched back from off the box (644 files, 755 folders) puts the images back 600 in a 700 folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "spankbank-restore-modes-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const data = join(dir, "data");
    const path = join(data, "spankbank.db");
    const db = openDb(path);
    syncCouple(db, demoCouple);
    db.$client.close();
    mkdirSync(join(data, "media"), { mode: 0o700 });
    writeFileSync(join(data, "media", "42-photo.jpg"), "our first picnic", { mode: 0o600 });
    const env = { PATH: process.env.PATH ?? "", DATABASE_PATH: path };
    const backup = spawnSync("sh", underOpenUmask(script("backup")), { cwd: dir, env, encoding: "utf8" });
    expect(backup.status, backup.stderr).toBe(0);
    const backupPath = /verified: (\S+\.db)/.exec(backup.stdout)![1]!;

    // The disk is lost; the backups come back by rclone or rsync under the usual umask 022.
    rmSync(path);
    rmSync(join(data, "media"), { recursive: true });
    const backups = join(data, "backups");
    for (const entry of readdirSync(backups, { recursive: true, withFileTypes: true })) {
      chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
    }
    const restored = spawnSync("sh", underOpenUmask(script("restore"), [backupPath]), {
      cwd: dir,
      env,
      encoding: "utf8",
    });
    expect(restored.status, restored.stderr).toBe(0);
    expect(modeOf(path)).toBe(0o600);
    expect(modeOf(join(data, "media"))).toBe(0o700);
    expect(modeOf(join(data, "media", "42-photo.jpg"))).toBe(0o600);
  }, 60_000);
});
