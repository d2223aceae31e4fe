import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it, onTestFinished } from "vitest";
import type { Db } from "../../client.js";
import { syncCouple } from "../../couple.js";
import { addMemory } from "../../memories.js";
import { openMigratedCopy } from "../../test/migratedCopy.js";
import { tryLock } from "../running.js";
import {
  BackupRefused,
  backupsDirOf,
  listBackups,
  mediaDirOf,
  pruneBackups,
  restoreBackup,
  takeBackup,
} from "./index.js";

const plentyOfSpace = () => 1024 ** 4;

/** A couple's database named `name` in `dir`, holding one memory with `words`. */
function databaseIn(dir: string, name: string, words: string): { db: Db; path: string } {
  const path = join(dir, name);
  const db = openMigratedCopy(path);
  onTestFinished(() => {
    db.$client.close();
  });
  const [alex] = syncCouple(db, demoCouple);
  addMemory(db, { userId: alex!.id, message: words });
  return { db, path };
}

function memoriesIn(backupPath: string): string[] {
  const copy = new BetterSqlite3(backupPath, { readonly: true });
  try {
    return (copy.prepare("SELECT message FROM memories").all() as { message: string }[]).map((row) => row.message);
  } finally {
    copy.close();
  }
}

function sharedFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-two-databases-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("two databases in one folder (their backups share data/backups/)", () => {
  it("each keeps its own backups: the other's retention never deletes them, nor a backup in the same second replace them", async () => {
    const dir = sharedFolder();
    const ours = databaseIn(dir, "spankbank.db", "Our first dance in the kitchen");
    const trial = databaseIn(dir, "trial.db", "A memory typed to try the app");
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
      // The same second: both servers' nightly backups run at the same hour.
      const now = new Date(`${day}T03:00:00Z`);
      await takeBackup(ours.db, ours.path, now, plentyOfSpace);
      await takeBackup(trial.db, trial.path, now, plentyOfSpace);
    }
    pruneBackups(trial.path, { keepDaily: 1, keepWeekly: 0 });

    const kept = listBackups(ours.path);
    expect(kept.map((backup) => backup.name)).toEqual([
      "spankbank-2026-11-22T030000Z.db",
      "spankbank-2026-11-21T030000Z.db",
      "spankbank-2026-11-20T030000Z.db",
    ]);
    for (const backup of kept) expect(memoriesIn(backup.path)).toEqual(["Our first dance in the kitchen"]);
    expect(listBackups(trial.path).map((backup) => backup.name)).toEqual(["trial-2026-11-22T030000Z.db"]);
    expect(memoriesIn(listBackups(trial.path)[0]!.path)).toEqual(["A memory typed to try the app"]);
  });

  it("tells two databases apart whatever their file names, and neither takes the backups an earlier version named spankbank-…", async () => {
    const dir = sharedFolder();
    const ours = databaseIn(dir, "couple.sqlite", "Our first dance in the kitchen");
    const trial = databaseIn(dir, "trial.sqlite", "A memory typed to try the app");
    const now = new Date("2026-11-22T03:00:00Z");
    const taken = await takeBackup(ours.db, ours.path, now, plentyOfSpace);
    await takeBackup(trial.db, trial.path, now, plentyOfSpace);
    copyFileSync(taken.path, join(backupsDirOf(ours.path), "spankbank-2026-11-21T030000Z.db"));
    pruneBackups(trial.path, { keepDaily: 1, keepWeekly: 0 });
    expect(listBackups(ours.path).map((backup) => backup.name)).toEqual(["couple.sqlite-2026-11-22T030000Z.db"]);
    expect(listBackups(trial.path).map((backup) => backup.name)).toEqual(["trial.sqlite-2026-11-22T030000Z.db"]);
    expect(readdirSync(backupsDirOf(ours.path))).toContain("spankbank-2026-11-21T030000Z.db");
  });

  it("takes one backup at a time in the folder: the other database's is refused while one runs, and spoils nothing", async () => {
    const dir = sharedFolder();
    const ours = databaseIn(dir, "spankbank.db", "Our first dance in the kitchen");
    const trial = databaseIn(dir, "trial.db", "A memory typed to try the app");
    const running = tryLock(ours.path, "backup");
    expect(running).not.toBeNull();
    const refusal = await takeBackup(trial.db, trial.path, new Date(), plentyOfSpace).catch((error) => error);
    running!.release();
    expect(refusal).toBeInstanceOf(BackupRefused);
    expect(refusal.message).toBe(`Another backup is running in ${backupsDirOf(trial.path)}; this one was not started.`);
    expect(listBackups(trial.path)).toEqual([]);
  });

  it("restoring the other database keeps this one's photos, those taken after its backup included", async () => {
    const dir = sharedFolder();
    const ours = databaseIn(dir, "spankbank.db", "Our first dance in the kitchen");
    const trial = databaseIn(dir, "trial.db", "A memory typed to try the app");
    mkdirSync(mediaDirOf(ours.path), { recursive: true });
    writeFileSync(join(mediaDirOf(ours.path), "first-dance.jpg"), "the kitchen, 2019");
    const trialBackup = await takeBackup(trial.db, trial.path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    writeFileSync(join(mediaDirOf(ours.path), "anniversary.jpg"), "the lake, 2026");
    trial.db.$client.close();
    restoreBackup(trial.path, trialBackup.path, new Date("2026-11-22T10:00:00Z"));
    expect(readdirSync(mediaDirOf(ours.path)).sort()).toEqual(["anniversary.jpg", "first-dance.jpg"]);
    expect(readFileSync(join(mediaDirOf(ours.path), "anniversary.jpg"), "utf8")).toBe("the lake, 2026");
  });

  it("a database not named spankbank.db, alone in its folder, still lists the backups earlier versions named spankbank-…", async () => {
    const dir = sharedFolder();
    const love = databaseIn(dir, "love.db", "Our first dance in the kitchen");
    const taken = await takeBackup(love.db, love.path, new Date("2026-11-22T03:00:00Z"), plentyOfSpace);
    expect(taken.name).toBe("love-2026-11-22T030000Z.db");
    copyFileSync(taken.path, join(backupsDirOf(love.path), "spankbank-2026-11-21T030000Z.db"));
    expect(listBackups(love.path).map((backup) => backup.name)).toEqual([
      "love-2026-11-22T030000Z.db",
      "spankbank-2026-11-21T030000Z.db",
    ]);
    // With a second database beside it, whose those were is no longer known: neither lists them.
    databaseIn(dir, "trial.db", "A memory typed to try the app");
    expect(listBackups(love.path).map((backup) => backup.name)).toEqual(["love-2026-11-22T030000Z.db"]);
  });
});
