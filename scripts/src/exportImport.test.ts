import { spawn, spawnSync } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { exportArchive } from "@spankbank/db/archive";
import { backupsDirOf, takeBackup } from "@spankbank/db/backup";
import { openDb } from "@spankbank/db/client";
import { syncCouple, userByUsername } from "@spankbank/db/couple";
import { seedDemoData } from "@spankbank/db/demo/seed";
import { addMemory } from "@spankbank/db/memories";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";

const entry = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

const run = (script: string, path: string, ...args: string[]) => runWith({}, script, path, ...args);

const runWith = (env: Record<string, string>, script: string, path: string, ...args: string[]) =>
  spawnSync(process.execPath, [entry(script), ...args], {
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path, ...env },
    encoding: "utf8",
  });

const photo = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256));

/** The demo couple's data, plus a memory with a photo in the media folder. */
function livedInFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-export-cli-"));
  const path = join(dir, "spankbank.db");
  const db = openDb(path);
  const [alex] = syncCouple(db, demoCouple);
  seedDemoData(db, demoCouple);
  mkdirSync(join(dir, "media"));
  writeFileSync(join(dir, "media", "photo.png"), photo);
  addMemory(db, {
    userId: alex!.id,
    message: "The photo",
    images: [{ fileName: "photo.png", contentType: "image/png", size: photo.length }],
  });
  db.$client.close();
  return path;
}

const rows = (path: string, sql: string) => {
  const db = openDb(path);
  const result = db.$client.prepare(sql).all();
  db.$client.close();
  return result;
};

/**
 * `npm run export` held once its whole archive is written under the temporary name, before it
 * takes the archive's own: the moment another export's or the nightly backup's clean-up used to
 * fall on. `release` lets it go on and answers how it ended.
 */
async function exportHeldBeforeItsName(path: string) {
  const held = join(dirname(path), "held");
  const go = join(dirname(path), "go");
  const hold = join(dirname(path), "hold.mjs");
  writeFileSync(
    hold,
    `import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
const rename = fs.renameSync;
fs.renameSync = (from, to) => {
  if (String(to).endsWith(".zip")) {
    fs.writeFileSync(${JSON.stringify(held)}, "");
    while (!fs.existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  return rename(from, to);
};
syncBuiltinESMExports();`,
  );
  const child = spawn(process.execPath, ["--import", hold, entry("export")], {
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  while (!existsSync(held) && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(existsSync(held)).toBe(true);
  return {
    async release() {
      writeFileSync(go, "");
      const status = await exited;
      return { status, output };
    },
  };
}

// Each test starts several node processes: generous on a busy 2-core machine.
describe("npm run export and npm run import", { timeout: 60_000 }, () => {
  it("exports next to the backups, imports into a fresh database that checks clean, refuses a used one", () => {
    const path = livedInFile();
    const exported = run("export", path);
    expect(exported.stderr).toBe("");
    expect(exported.status).toBe(0);
    const [, archivePath] = /to (\S+backups\/spankbank-export-\d{4}-\d{2}-\d{2}\.zip)$/m.exec(exported.stdout) ?? [];
    expect(archivePath).toBeDefined();

    const fresh = join(mkdtempSync(join(tmpdir(), "spankbank-import-cli-")), "spankbank.db");
    const imported = run("import", fresh, archivePath!);
    expect(imported.stderr).toBe("");
    expect(imported.status).toBe(0);
    expect(imported.stdout).toMatch(/1 images/);

    const check = run("check", fresh);
    expect(check.stdout).toContain("integrity ok");
    expect(check.status).toBe(0);
    const memories = "SELECT id, user_id, message, created_at, deleted_at FROM memories ORDER BY id";
    expect(rows(fresh, memories)).toEqual(rows(path, memories));
    const ledger = "SELECT * FROM accounts ORDER BY id";
    expect(rows(fresh, ledger)).toEqual(rows(path, ledger));
    expect(readFileSync(join(fresh, "..", "media", "photo.png")).equals(photo)).toBe(true);

    const again = run("import", fresh, archivePath!);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^Import FAILED, nothing was written: This database already holds data/);
    expect(run("import", fresh).stderr).toMatch(/^Usage: /);
  });

  it("runs again to the end after an import stopped between moving the images and writing the rows", () => {
    const path = livedInFile();
    const exported = run("export", path);
    const [, archivePath] = /to (\S+\.zip)$/m.exec(exported.stdout) ?? [];
    const fresh = join(mkdtempSync(join(tmpdir(), "spankbank-import-cli-")), "spankbank.db");
    // What an import killed there leaves: a migrated, empty database, the archive's image in
    // media/ and the copies it was reading into beside it.
    openDb(fresh).$client.close();
    mkdirSync(join(fresh, "..", "media"));
    writeFileSync(join(fresh, "..", "media", "photo.png"), photo);
    mkdirSync(join(fresh, "..", "media.importing-Xy12Ab"));
    writeFileSync(join(fresh, "..", "media.importing-Xy12Ab", "photo.png"), photo);

    const imported = run("import", fresh, archivePath!);
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toMatch(/ 1 images/);
    expect(run("check", fresh).status).toBe(0);
    const memories = "SELECT id, message FROM memories ORDER BY id";
    expect(rows(fresh, memories)).toEqual(rows(path, memories));
    expect(readFileSync(join(fresh, "..", "media", "photo.png")).equals(photo)).toBe(true);
    expect(readdirSync(join(fresh, ".."))).not.toContain("media.importing-Xy12Ab");

    // A file of that name with other bytes is not the archive's: it is refused and kept.
    const other = join(mkdtempSync(join(tmpdir(), "spankbank-import-cli-")), "spankbank.db");
    mkdirSync(join(other, "..", "media"));
    writeFileSync(join(other, "..", "media", "photo.png"), "not the photo");
    const refused = run("import", other, archivePath!);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/photo\.png already exists in \S+ with other bytes than the archive's/);
    expect(readFileSync(join(other, "..", "media", "photo.png"), "utf8")).toBe("not the photo");
    expect(rows(other, "SELECT id FROM memories")).toEqual([]);
  });

  it("finishes an export that a backup starts in the middle of, and clears what a killed export left", async () => {
    const path = livedInFile();
    const backups = backupsDirOf(path);
    mkdirSync(backups);
    // What exports killed on earlier days left (a version before the pid, and a process gone
    // since: Linux's pids stop at 4,194,304): the next export clears them.
    writeFileSync(join(backups, "spankbank-export-2026-01-01.zip.exporting"), "half an archive");
    writeFileSync(join(backups, "spankbank-export-2026-01-02.zip.4194305.exporting"), "half an archive");
    const held = await exportHeldBeforeItsName(path);

    const db = openDb(path);
    await takeBackup(db, path);
    db.$client.close();

    const { status, output } = await held.release();
    expect(output).toMatch(/^Exported \d+ memories, 1 images/);
    expect(status).toBe(0);
    const names = readdirSync(backups);
    expect(names.filter((name) => name.startsWith("spankbank-export-"))).toEqual([
      expect.stringMatching(/^spankbank-export-\d{4}-\d{2}-\d{2}\.zip$/),
    ]);
  });

  it("runs two exports at once to the end, each whole: neither takes the other's unfinished archive for a killed one's", async () => {
    const path = livedInFile();
    const first = await exportHeldBeforeItsName(path);
    const second = run("export", path);
    expect(second.stderr).toBe("");
    expect(second.status).toBe(0);
    const { status, output } = await first.release();
    expect(output).toMatch(/^Exported \d+ memories, 1 images/);
    expect(status).toBe(0);
    const [archive, ...others] = readdirSync(backupsDirOf(path));
    expect(others).toEqual([]);
    const imported = join(mkdtempSync(join(tmpdir(), "spankbank-import-")), "spankbank.db");
    expect(run("import", imported, join(backupsDirOf(path), archive!)).status).toBe(0);
    expect(rows(imported, "SELECT message FROM memories WHERE message = 'The photo'")).toHaveLength(1);
  });

  it("refuses another couple's archive and writes nothing; says what a partner's web download leaves out", async () => {
    const path = livedInFile();
    const db = openDb(path);
    const download = await exportArchive(db, new Date(), { downloadedBy: userByUsername(db, "alex")!.id });
    const archivePath = join(dirname(path), download.fileName);
    await pipeline(download.stream, createWriteStream(archivePath));
    db.$client.close();

    // This install's couple: the same login names, other Discord accounts.
    const configPath = join(dirname(path), "other.couple.json");
    const others = {
      ...demoCouple,
      partners: demoCouple.partners.map((p, i) => ({ ...p, discordId: `99999999999999999${i}` })),
    };
    writeFileSync(configPath, JSON.stringify(others));
    const fresh = join(mkdtempSync(join(tmpdir(), "spankbank-import-cli-")), "spankbank.db");
    const refused = runWith({ SPANKBANK_CONFIG: configPath }, "import", fresh, archivePath);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Import FAILED, nothing was written: This archive is another couple's: /);
    expect(rows(fresh, "SELECT id FROM users")).toEqual([]);
    expect(existsSync(join(fresh, "..", "media"))).toBe(false);

    const imported = run("import", fresh, archivePath);
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toContain(
      "This is alex's download from the web: letters your partner sealed for you, and their answers and guesses you cannot see yet, are not in your download; the operator's `npm run export` has everything.",
    );
  });
});
