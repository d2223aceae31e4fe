import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { seedDemoData } from "@spankbank/db/demo/seed";
import { checkDatabaseFile } from "@spankbank/db/healthCheck";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it, onTestFinished } from "vitest";

const runningModule = fileURLToPath(new URL("../../db/dist/ops/running.js", import.meta.url));
const clientModule = fileURLToPath(new URL("../../db/dist/client.js", import.meta.url));
const entry = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

function seededFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), "spankbank-backup-cli-")), "spankbank.db");
  const db = openDb(path);
  syncCouple(db, demoCouple);
  seedDemoData(db, demoCouple);
  db.$client.close();
  return path;
}

const run = (script: string, path: string, ...args: string[]) => runWith({}, script, path, ...args);

const runWith = (env: Record<string, string>, script: string, path: string, ...args: string[]) =>
  spawnSync(process.execPath, [entry(script), ...args], {
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path, ...env },
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

  it("restores a backup that comes through a pipe, as an off-box copy does (`ssh nas cat … | npm run restore -- /dev/stdin`)", () => {
    const path = seededFile();
    const memories = memoryCount(path);
    const [, backupPath] = /Backup taken and verified: (\S+\.db)/.exec(run("backup", path).stdout) ?? [];

    writeFileSync(path, "the disk ate it");
    // Through a shell's pipe (`cat` standing in for ssh): a path that names no backup's media list.
    const restored = spawnSync("sh", ["-c", 'cat "$BACKUP" | "$NODE" "$RESTORE" /dev/stdin'], {
      env: {
        ...process.env,
        DATABASE_PATH: path,
        BACKUP: backupPath!,
        NODE: process.execPath,
        RESTORE: entry("restore"),
      },
      encoding: "utf8",
    });
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(memoryCount(path)).toBe(memories);
  });

  // A bad edit of the config is often part of what the couple is recovering from.
  it("restores, checks and exports with the couple config broken: none of them reads it", { timeout: 120_000 }, () => {
    const path = seededFile();
    const memories = memoryCount(path);
    const [, backupPath] = /Backup taken and verified: (\S+\.db)/.exec(run("backup", path).stdout) ?? [];
    const config = join(dirname(path), "couple.config.json");
    writeFileSync(config, "{ not json");
    const broken = { SPANKBANK_CONFIG: config };

    writeFileSync(path, "the disk ate it");
    const restored = runWith(broken, "restore", path, backupPath!);
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(memoryCount(path)).toBe(memories);
    expect(runWith(broken, "check", path).stdout).toContain("integrity ok");
    expect(runWith(broken, "export", path).status).toBe(0);
    expect(runWith(broken, "trash", path).status).toBe(0);
    // A backup needs its retention from the config: it says why in one line.
    const backup = runWith(broken, "backup", path);
    expect(backup.status).toBe(1);
    expect(backup.stderr).toMatch(/^The couple config \S+ is not valid JSON: [^\n]+\n$/);
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
  it("restores a good backup whole when the lost database left its -wal behind, keeping that -wal aside", () => {
    const path = seededFile();
    const memories = memoryCount(path);
    const backupPath = /verified: (\S+\.db)/.exec(run("backup", path).stdout)?.[1];
    // The app goes on writing after the backup, then dies uncheckpointed; the database file is lost, its -wal stays.
    const crashed = spawnSync(process.execPath, [
      "--input-type=module",
      "-e",
      `import { openDb } from ${JSON.stringify(clientModule)};
       const db = openDb(${JSON.stringify(path)});
       const add = db.$client.prepare("INSERT INTO memories (user_id, message, created_at) SELECT id, ?, '2026-01-01T00:00:00.000Z' FROM users LIMIT 1");
       for (let i = 0; i < 2000; i++) add.run("after the backup " + i + " ".repeat(200));
       db.$client.pragma("wal_checkpoint(TRUNCATE)");
       db.$client.pragma("wal_autocheckpoint = 0");
       db.$client.prepare("UPDATE memories SET message = message || '!' WHERE id % 7 = 0").run();
       process.kill(process.pid, "SIGKILL");`,
    ]);
    expect(crashed.signal).toBe("SIGKILL");
    expect(existsSync(`${path}-wal`)).toBe(true);
    rmSync(path);

    const restored = run("restore", path, backupPath!);
    expect(restored.status).toBe(0);
    // The lost file's WAL holds pages of another database: applied to the backup, it damages it.
    expect(checkDatabaseFile(path)).toEqual([]);
    expect(memoryCount(path)).toBe(memories);
    expect(readdirSync(join(path, "..")).filter((name) => /\.replaced-.*-wal$/.test(name))).toHaveLength(1);
  });
});
