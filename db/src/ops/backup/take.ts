// Taking a backup: an online copy, checked, with its media put in the store; refused when it cannot be whole.
import { existsSync, mkdirSync, renameSync, statfsSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "../../client.js";
import { type BrokenRule, checkDatabaseFile, describeBrokenRules } from "../healthCheck.js";
import { tryLock } from "../running.js";
import {
  type BackupFile,
  backupName,
  backupsDirOf,
  describe,
  flushFile,
  flushFolder,
  manifestOf,
  removePartials,
  selfContained,
} from "./files.js";
import { mediaToStore, storeMedia } from "./mediaStore.js";

/**
 * Free space a backup must leave on the disk, for the live database (and its WAL) to go on
 * growing: a backup that would eat into it is refused instead.
 */
export const BACKUP_DISK_RESERVE_BYTES = 64 * 1024 * 1024;

/** Why a backup was not taken though nothing is broken; nothing was written. */
export class BackupRefused extends Error {
  override name = "BackupRefused";
  constructor(
    readonly reason: "busy" | "disk" | "empty",
    message: string,
  ) {
    super(message);
  }
}

/** A backup copy that failed the database check was not kept: the broken rules say why. */
export class BackupCheckFailed extends Error {
  override name = "BackupCheckFailed";
  constructor(readonly problems: BrokenRule[]) {
    super(`The backup failed its check and was not kept:\n${describeBrokenRules(problems)}`);
  }
}

/** The free bytes on the disk holding `dir`, as the OS reports them to this user. */
export type FreeSpace = (dir: string) => number;
const freeSpaceOnDisk: FreeSpace = (dir) => {
  const disk = statfsSync(dir);
  return disk.bavail * disk.bsize;
};

/**
 * An online backup (SQLite's backup API, on its own connection in a worker thread: see
 * offThread.ts; the server goes on writing meanwhile), written under a temporary name, verified by opening the copy and checking it, then renamed:
 * a file named like a backup is always a good one. Its media goes into the shared store, only
 * the images the store does not hold yet. One backup at a time in the folder (`backups.backup.lock`);
 * refused, writing nothing, when another runs, when the database holds no couple, or when the
 * disk has not room for it.
 */
export async function takeBackup(
  db: Db,
  databasePath: string,
  now = new Date(),
  freeSpace: FreeSpace = freeSpaceOnDisk,
  kind: "daily" | "manual" = "daily",
): Promise<BackupFile> {
  const lock = tryLock(databasePath, "backup");
  if (lock === null) {
    throw new BackupRefused(
      "busy",
      `Another backup is running in ${backupsDirOf(databasePath)}; this one was not started.`,
    );
  }
  const dir = backupsDirOf(databasePath);
  const path = join(dir, backupName(databasePath, now, kind === "manual" ? "-manual" : ""));
  const partial = `${path}.partial`;
  try {
    mkdirSync(dir, { recursive: true });
    removePartials(databasePath);
    const { n: partners } = db.$client.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number };
    if (partners === 0) {
      throw new BackupRefused(
        "empty",
        `${databasePath} holds no couple (it is empty): no backup taken, so the backups keep the last copy that held data.`,
      );
    }
    const planned = await mediaToStore(databasePath);
    const pageSize = db.$client.pragma("page_size", { simple: true }) as number;
    const pages = db.$client.pragma("page_count", { simple: true }) as number;
    refuseUnlessRoom(dir, pageSize * pages + planned.newBytes, freeSpace);
    // All the pages left in one step: a step away from the writer's connection starts again
    // whenever that connection writes meanwhile (takeAndPruneOffThread runs this in a worker).
    await db.$client.backup(partial, { progress: ({ remainingPages }) => remainingPages });
    selfContained(partial);
    const problems = checkDatabaseFile(partial);
    if (problems.length > 0) throw new BackupCheckFailed(problems);
    // Listed again once the copy is made: a photo is on disk before its row, so every file a row
    // of the copy names is in this list (one saved while the copy was made is an extra, unused).
    const media = await mediaToStore(databasePath, planned.files);
    const entries = await storeMedia(databasePath, media.files);
    // The manifest before the database: a file named like a backup always has its media.
    const manifest = manifestOf(path)!;
    writeFileSync(`${manifest}.partial`, JSON.stringify({ files: entries }));
    flushFile(`${manifest}.partial`);
    renameSync(`${manifest}.partial`, manifest);
    renameSync(partial, path);
    flushFolder(dir);
    return describe(path);
  } finally {
    try {
      // Whatever went wrong, no half-written file stays behind.
      removePartials(databasePath);
    } finally {
      lock.release();
    }
  }
}

const mib = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

/** Refuses (BackupRefused "disk") a backup of `needed` bytes into `dir` that would eat into the reserve. */
function refuseUnlessRoom(dir: string, needed: number, freeSpace: FreeSpace): void {
  const free = freeSpace(dir);
  if (free - needed < BACKUP_DISK_RESERVE_BYTES) {
    throw new BackupRefused(
      "disk",
      `Not enough disk space for a backup: it needs about ${mib(needed)} MiB in ${dir} and ${mib(BACKUP_DISK_RESERVE_BYTES)} MiB kept free for the app, but only ${mib(free)} MiB are free. Nothing was written. Free some space, then run \`npm run backup\`.`,
    );
  }
}

/**
 * The same refusal before the database is opened, from its file's size (and its WAL's): on a
 * disk that full, opening it would fail on SQLite's own files first ("disk I/O error").
 */
export function refuseBackupWithoutRoom(databasePath: string, freeSpace: FreeSpace = freeSpaceOnDisk): void {
  const dir = backupsDirOf(databasePath);
  const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
  refuseUnlessRoom(
    existsSync(dir) ? dir : dirname(databasePath),
    size(databasePath) + size(`${databasePath}-wal`),
    freeSpace,
  );
}
