import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { seedDemoData } from "@spankbank/db/demo/seed";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";

const runningModule = fileURLToPath(new URL("../../db/dist/ops/running.js", import.meta.url));
const entry = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

function seededFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), "spankbank-backup-cli-")), "spankbank.db");
  const db = openDb(path);
  syncCouple(db, demoCouple);
  seedDemoData(db, demoCouple);
  db.$client.close();
  return path;
}

const run = (script: string, path: string, ...args: string[]) =>
  spawnSync(process.execPath, [entry(script), ...args], {
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path },
    encoding: "utf8",
  });

const memoryCount = (path: string) => {
  const db = openDb(path);
  const { n } = db.$client.prepare("SELECT COUNT(*) AS n FROM memories").get() as { n: number };
  db.$client.close();
  return n;
};

// Each test starts several node processes: generous on a busy 2-core machine.
describe("npm run backup and npm run restore", { timeout: 60_000 }, () => {
  it("backs up, lists, and restores after the database is lost, keeping the replaced file", () => {
    const path = seededFile();
    const memories = memoryCount(path);
    const backup = run("backup", path);
    expect(backup.status).toBe(0);
    const [, backupPath] = /Backup taken and verified: (\S+\.db)/.exec(backup.stdout) ?? [];
    // Taken by hand: kept apart from the daily rotation, so the next daily backup cannot delete it.
    expect(backupPath).toMatch(/-manual\.db$/);
    expect(run("backup", path, "--list").stdout).toMatch(new RegExp(`${backupPath}  \\S+  manual  `));

    writeFileSync(path, "the disk ate it");
    const restored = run("restore", path, backupPath!);
    expect(restored.status).toBe(0);
    const [, keptAs] = /kept as (\S+)\.$/m.exec(restored.stdout) ?? [];
    expect(readFileSync(keptAs!, "utf8")).toBe("the disk ate it");
    expect(memoryCount(path)).toBe(memories);
  });

  it("refuses to restore while the app is running, changing nothing", async () => {
    const path = seededFile();
    const backupPath = /verified: (\S+\.db)/.exec(run("backup", path).stdout)?.[1];
    // A live process holding the server's lock on this database.
    const server: ChildProcess = spawn(process.execPath, [
      "--input-type=module",
      "-e",
      `import { markRunning } from ${JSON.stringify(runningModule)}; markRunning(${JSON.stringify(path)}, "server"); console.log("held"); setInterval(() => {}, 1000);`,
    ]);
    onTestFinished(() => void server.kill("SIGKILL"));
    await new Promise((resolve) => server.stdout!.once("data", resolve));

    const restored = run("restore", path, backupPath!);
    expect(restored.status).toBe(1);
    expect(restored.stderr).toContain(`Spank Bank is running on ${path}: server (pid ${server.pid})`);
    expect(readdirSync(join(path, "..")).filter((name) => name.includes(".replaced-"))).toEqual([]);
  });

  it("refuses a file that is not a good backup, changing nothing", () => {
    const path = seededFile();
    const memories = memoryCount(path);
    const bad = join(path, "..", "not-a-backup.db");
    writeFileSync(bad, "nope");
    const restored = run("restore", path, bad);
    expect(restored.status).toBe(1);
    expect(restored.stderr).toContain("is not a good backup; nothing was changed");
    expect(memoryCount(path)).toBe(memories);
  });
});
