import { createHash } from "node:crypto";
import {
  closeSync,
  constants,
  cpSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { copyFile, readFile, rename, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { BACKUP_KEPT_APART_DAYS } from "@spankbank/shared/limits";
import BetterSqlite3 from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "../../client.js";
import * as schema from "../../schema.js";
import { type BrokenRule, checkDatabase, checkDatabaseFile, describeBrokenRules, quickCheck } from "../healthCheck.js";
import { rewrittenMigrationHashes } from "../migrationRepairs.js";
import { tryLock } from "../running.js";

/** Backups live beside the database: `data/backups/`; memory images in `data/media/`. */
export const backupsDirOf = (databasePath: string) => join(dirname(databasePath), "backups");
export const mediaDirOf = (databasePath: string) => join(dirname(databasePath), "media");
/**
 * Every memory image any backup holds, once, named by the SHA-256 of its bytes: ten backups of
 * the same photos take one copy of them. Each backup lists its images in `….media.json`.
 */
export const mediaStoreOf = (databasePath: string) => join(backupsDirOf(databasePath), "media");

const BACKUP_NAME = /^spankbank-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(pre-migration|manual))?\.db$/;
/** Files a backup, a restore or a store copy leaves when it is killed half-way. */
const PARTIAL = /\.(partial|restoring)(-wal|-shm|-journal)?$/;

/**
 * Free space a backup must leave on the disk, for the live database (and its WAL) to go on
 * growing: a backup that would eat into it is refused instead.
 */
export const BACKUP_DISK_RESERVE_BYTES = 64 * 1024 * 1024;

/**
 * `daily`: the server's, rotated by the config's retention; `manual`: `npm run backup`;
 * `pre-migration`: the copy taken before an upgrade's migrations. The last two are kept
 * BACKUP_KEPT_APART_DAYS days, outside the rotation.
 */
export type BackupKind = "daily" | "manual" | "pre-migration";

export interface BackupFile {
  path: string;
  name: string;
  kind: BackupKind;
  takenAt: Date;
  bytes: number;
  /**
   * Where its media is listed: the `….media.json` manifest (images in the shared store), or a
   * `….media/` folder copy made by versions before the store; null when it has none.
   */
  mediaPath: string | null;
}

export interface Retention {
  keepDaily: number;
  keepWeekly: number;
}

/** One memory image in a backup: its name in `media/` and its bytes' SHA-256 in the store. */
interface MediaEntry {
  name: string;
  sha256: string;
  size: number;
  /** When the file was last written, so the next backup need not read it again to know its hash. */
  mtimeMs: number;
}

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

/** `spankbank-2026-11-22T030000Z.db`: sorts by name, readable, unique to the second. */
function backupName(now: Date, suffix = ""): string {
  const iso = now.toISOString();
  return `spankbank-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z${suffix}.db`;
}

const manifestOf = (backupPath: string) => backupPath.replace(/\.db$/, ".media.json");
/** The media folder copy of a backup taken before the shared store. */
const legacyMediaOf = (backupPath: string) => backupPath.replace(/\.db$/, ".media");

/**
 * An online backup (SQLite's backup API copies pages in steps, so writers wait only briefly),
 * written under a temporary name, verified by opening the copy and checking it, then renamed:
 * a file named like a backup is always a good one. Its media goes into the shared store, only
 * the images the store does not hold yet. One backup at a time per database (`backup.lock`);
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
    throw new BackupRefused("busy", `Another backup of ${databasePath} is running; this one was not started.`);
  }
  const dir = backupsDirOf(databasePath);
  const path = join(dir, backupName(now, kind === "manual" ? "-manual" : ""));
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
    const media = await mediaToStore(databasePath);
    const pageSize = db.$client.pragma("page_size", { simple: true }) as number;
    const pages = db.$client.pragma("page_count", { simple: true }) as number;
    refuseUnlessRoom(dir, pageSize * pages + media.newBytes, freeSpace);
    await db.$client.backup(partial);
    selfContained(partial);
    const problems = checkDatabaseFile(partial);
    if (problems.length > 0) throw new BackupCheckFailed(problems);
    const entries = await storeMedia(databasePath, media.files);
    // The manifest before the database: a file named like a backup always has its media.
    const manifest = manifestOf(path);
    writeFileSync(`${manifest}.partial`, JSON.stringify({ files: entries }));
    renameSync(`${manifest}.partial`, manifest);
    renameSync(partial, path);
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

/** Deletes what a killed or failed backup or restore left (the caller holds the backup lock). */
function removePartials(databasePath: string): void {
  for (const dir of [backupsDirOf(databasePath), mediaStoreOf(databasePath)]) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) if (PARTIAL.test(name)) rmSync(join(dir, name), { force: true });
  }
}

/**
 * Puts a copy in rollback-journal mode: one self-contained file, with no `-wal`/`-shm` made
 * beside it when it is opened (read-only included) and none left behind.
 */
function selfContained(path: string): void {
  const sqlite = new BetterSqlite3(path);
  try {
    sqlite.pragma("journal_mode = DELETE");
  } finally {
    sqlite.close();
  }
}

/**
 * The media folder's images with their hashes, and how many bytes the store lacks. An image
 * the newest backup already listed with the same size and time is not read again: images are
 * written once under a fresh name and never changed.
 */
async function mediaToStore(databasePath: string): Promise<{ files: PlannedImage[]; newBytes: number }> {
  const folder = mediaDirOf(databasePath);
  if (!existsSync(folder)) return { files: [], newBytes: 0 };
  const known = new Map(newestManifest(databasePath).map((entry) => [entry.name, entry]));
  const store = mediaStoreOf(databasePath);
  const files: PlannedImage[] = [];
  let newBytes = 0;
  for (const name of readdirSync(folder).sort()) {
    const source = join(folder, name);
    const info = await stat(source);
    if (!info.isFile()) continue;
    const before = known.get(name);
    const sha256 =
      before && before.size === info.size && before.mtimeMs === info.mtimeMs ? before.sha256 : await sha256Of(source);
    const stored = existsSync(join(store, sha256));
    if (!stored) newBytes += info.size;
    files.push({ name, source, sha256, size: info.size, mtimeMs: info.mtimeMs, stored });
  }
  return { files, newBytes };
}

interface PlannedImage extends MediaEntry {
  source: string;
  stored: boolean;
}

const sha256Of = async (path: string) =>
  createHash("sha256")
    .update(await readFile(path))
    .digest("hex");

/** Copies the images the store lacks into it, each named by the hash of the bytes it holds. */
async function storeMedia(databasePath: string, files: readonly PlannedImage[]): Promise<MediaEntry[]> {
  const store = mediaStoreOf(databasePath);
  mkdirSync(store, { recursive: true });
  const entries: MediaEntry[] = [];
  for (const { name, source, sha256, size, mtimeMs, stored } of files) {
    if (stored && existsSync(join(store, sha256))) {
      entries.push({ name, sha256, size, mtimeMs });
      continue;
    }
    const partial = join(store, `${sha256}.partial`);
    // A clone where the filesystem can (btrfs, xfs), a plain copy elsewhere.
    await copyFile(source, partial, constants.COPYFILE_FICLONE);
    const copied = await sha256Of(partial);
    await rename(partial, join(store, copied));
    entries.push({ name, sha256: copied, size: (await stat(join(store, copied))).size, mtimeMs });
  }
  return entries;
}

/** The media list of the newest backup that has one (none: empty). */
function newestManifest(databasePath: string): MediaEntry[] {
  for (const backup of listBackups(databasePath)) {
    if (backup.mediaPath?.endsWith(".media.json")) return readManifest(backup.mediaPath);
  }
  return [];
}

function readManifest(path: string): MediaEntry[] {
  return (JSON.parse(readFileSync(path, "utf8")) as { files: MediaEntry[] }).files;
}

/**
 * Opens a copy read-only and runs every check of `npm run check`, and checks it was written by a
 * version that knows all its migrations: the problems, or none.
 */
export function verifyBackupFile(path: string, migrationsFolder?: string): string[] {
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    return [`cannot open ${path}: ${(error as Error).message}`];
  }
  try {
    const tables = sqlite.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'accounts'").get() as {
      n: number;
    };
    if (tables.n === 0) return [`${path} is not a Spank Bank database`];
    if (migrationsFolder) {
      const newer = unknownMigrations(sqlite, migrationsFolder);
      if (newer > 0) {
        return [
          `${path} was written by a newer Spank Bank (${newer} migration(s) this version does not know): update the app first`,
        ];
      }
    }
    const problems = checkDatabase(drizzle(sqlite, { schema }) as unknown as Db);
    return problems.length > 0 ? [describeBrokenRules(problems)] : [];
  } catch (error) {
    return [`${path} cannot be read: ${(error as Error).message}`];
  } finally {
    sqlite.close();
  }
}

/** Migrations recorded in the file that this version's migrations folder does not have. */
function unknownMigrations(sqlite: BetterSqlite3.Database, migrationsFolder: string): number {
  const known = new Set(readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash));
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return 0;
  const applied = sqlite.prepare("SELECT hash FROM __drizzle_migrations").all() as { hash: string }[];
  return applied.filter((row) => !known.has(row.hash) && !rewrittenMigrationHashes.has(row.hash)).length;
}

/** Every backup, newest first. */
export function listBackups(databasePath: string): BackupFile[] {
  const dir = backupsDirOf(databasePath);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => describe(join(dir, name)));
}

function describe(path: string): BackupFile {
  const name = basename(path);
  const [, day, hours, minutes, seconds, kind] = BACKUP_NAME.exec(name) ?? [];
  const mediaPath = [manifestOf(path), legacyMediaOf(path)].find((candidate) => existsSync(candidate)) ?? null;
  return {
    path,
    name,
    kind: (kind as BackupKind | undefined) ?? "daily",
    takenAt: new Date(`${day}T${hours}:${minutes}:${seconds}Z`),
    bytes: statSync(path).size,
    mediaPath,
  };
}

/**
 * Keeps the newest daily backup of each of the last `keepDaily` days that have one, and the
 * newest of each of the `keepWeekly` weeks before those, and every manual and pre-migration copy
 * younger than BACKUP_KEPT_APART_DAYS days; deletes the rest, then the images in the store no
 * kept backup lists. Holds the backup lock, so no backup adds images while it sweeps. Returns
 * what was deleted.
 */
export function pruneBackups(databasePath: string, retention: Retention, now = new Date()): string[] {
  const lock = tryLock(databasePath, "backup");
  if (lock === null) return [];
  try {
    const kept = new Set<string>();
    const days = new Set<string>();
    const weeks = new Set<string>();
    const keptApartSince = now.getTime() - BACKUP_KEPT_APART_DAYS * 24 * 60 * 60 * 1000;
    for (const backup of listBackups(databasePath)) {
      if (backup.kind !== "daily") {
        if (backup.takenAt.getTime() > keptApartSince) kept.add(backup.path);
        continue;
      }
      const day = backup.takenAt.toISOString().slice(0, 10);
      if (days.has(day)) continue;
      if (days.size < retention.keepDaily) {
        days.add(day);
        kept.add(backup.path);
        continue;
      }
      const week = weekOf(backup.takenAt);
      if (weeks.has(week) || weeks.size >= retention.keepWeekly) continue;
      weeks.add(week);
      kept.add(backup.path);
    }
    const removed: string[] = [];
    for (const backup of listBackups(databasePath)) {
      if (kept.has(backup.path)) continue;
      rmSync(backup.path, { force: true });
      if (backup.mediaPath) rmSync(backup.mediaPath, { recursive: true, force: true });
      removed.push(backup.name);
    }
    sweepMediaStore(databasePath);
    return removed;
  } finally {
    lock.release();
  }
}

/** Deletes the store's images that no backup lists any more (and manifests left without their backup). */
function sweepMediaStore(databasePath: string): void {
  const store = mediaStoreOf(databasePath);
  if (!existsSync(store)) return;
  const dir = backupsDirOf(databasePath);
  const listed = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".media.json")) continue;
    const manifest = join(dir, name);
    if (!existsSync(manifest.replace(/\.media\.json$/, ".db"))) {
      rmSync(manifest, { force: true });
      continue;
    }
    for (const entry of readManifest(manifest)) listed.add(entry.sha256);
  }
  for (const name of readdirSync(store)) {
    if (!listed.has(name)) rmSync(join(store, name), { force: true });
  }
}

/** The Monday (UTC) starting the week of `date`, as a key. */
function weekOf(date: Date): string {
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * Puts a backup in place of the database, atomically: the backup is copied to a temporary file
 * beside the database and verified there, its media gathered in a temporary folder, and only
 * then is each renamed into place. Killed before that, the database in place is untouched (the
 * next backup or restore clears the temporary files). The caller holds every lock
 * (`withDatabaseToItself`). The replaced file (and any WAL) and media folder are kept beside
 * it as `….replaced-<time>`, never deleted.
 */
export function restoreBackup(
  databasePath: string,
  backupPath: string,
  now = new Date(),
  migrationsFolder?: string,
): { keptAs: string | null } {
  const stamp = backupName(now).replace(/^spankbank-|\.db$/g, "");
  mkdirSync(dirname(databasePath), { recursive: true });
  const restoring = `${databasePath}.restoring`;
  const media = mediaDirOf(databasePath);
  const mediaRestoring = `${media}.restoring`;
  const clear = () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(restoring + suffix, { force: true });
    rmSync(mediaRestoring, { recursive: true, force: true });
  };
  clear();
  try {
    copyDurably(backupPath, restoring);
    try {
      selfContained(restoring);
    } catch {
      // Not a database at all: the check below says so.
    }
    const problems = verifyBackupFile(restoring, migrationsFolder);
    if (problems.length > 0) {
      throw new Error(`${backupPath} is not a good backup; nothing was changed:\n${problems.join("\n")}`);
    }
    const backupMedia = gatherMedia(databasePath, backupPath, mediaRestoring);

    const keptAs = existsSync(databasePath) ? `${databasePath}.replaced-${stamp}` : null;
    if (keptAs) keepReplaced(databasePath, keptAs);
    // rename() replaces the file in one step: the path always names a whole database.
    renameSync(restoring, databasePath);
    if (backupMedia) {
      if (existsSync(media)) renameSync(media, `${media}.replaced-${stamp}`);
      renameSync(mediaRestoring, media);
    }
    return { keptAs };
  } finally {
    clear();
  }
}

/**
 * A second name for the database being replaced (a hard link, so the original stays in place
 * until the rename), with its WAL folded in first when it can be opened; when it cannot, the
 * WAL goes with it as `…-wal`, never applied to the restored file.
 */
function keepReplaced(databasePath: string, keptAs: string): void {
  if (existsSync(`${databasePath}-wal`)) {
    try {
      const sqlite = new BetterSqlite3(databasePath, { fileMustExist: true });
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
      sqlite.close();
    } catch {
      // Damaged: the WAL is kept beside the replaced file as it is.
    }
  }
  try {
    linkSync(databasePath, keptAs);
  } catch {
    cpSync(databasePath, keptAs);
  }
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(databasePath + suffix)) renameSync(databasePath + suffix, keptAs + suffix);
  }
}

/**
 * Copies a file through to the disk, in pieces (a backup can come through a pipe, e.g. from
 * an off-box copy), with fsync before it counts as written.
 */
function copyDurably(from: string, to: string): void {
  const input = openSync(from, "r");
  const output = openSync(to, "w");
  try {
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    for (;;) {
      const read = readSync(input, chunk, 0, chunk.length, null);
      if (read === 0) break;
      let written = 0;
      while (written < read) written += writeSync(output, chunk, written, read - written);
    }
    fsyncSync(output);
  } finally {
    closeSync(input);
    closeSync(output);
  }
}

/**
 * The backup's media in a new folder (copies from the store, or from a pre-store folder copy),
 * or null when the backup has none. Refuses before anything changes when an image is missing.
 */
function gatherMedia(databasePath: string, backupPath: string, target: string): string | null {
  const manifest = manifestOf(backupPath);
  if (existsSync(manifest)) {
    const store = mediaStoreOf(databasePath);
    const entries = readManifest(manifest);
    const missing = entries.filter((entry) => {
      const object = join(store, entry.sha256);
      return !existsSync(object) || statSync(object).size !== entry.size;
    });
    if (missing.length > 0) {
      throw new Error(
        `${backupPath} lists ${missing.length} image(s) missing from ${store} (e.g. ${missing[0]!.name}): copy that folder back first. Nothing was changed.`,
      );
    }
    mkdirSync(target, { recursive: true });
    for (const entry of entries) cpSync(join(store, entry.sha256), join(target, entry.name));
    return target;
  }
  const legacy = legacyMediaOf(backupPath);
  if (existsSync(legacy)) {
    cpSync(legacy, target, { recursive: true });
    return target;
  }
  return null;
}

/**
 * Before migrations change a database that already holds data, a copy of it as it was.
 * `VACUUM INTO` because opening the database is synchronous; it is a consistent snapshot,
 * written under a temporary name and renamed whole.
 */
export function backupBeforeMigrations(
  sqlite: BetterSqlite3.Database,
  databasePath: string,
  migrationsFolder: string,
  now = new Date(),
): string | null {
  if (databasePath === ":memory:" || !hasPendingMigrations(sqlite, migrationsFolder)) return null;
  const dir = backupsDirOf(databasePath);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, backupName(now, "-pre-migration"));
  rmSync(`${path}.partial`, { force: true });
  sqlite.prepare("VACUUM INTO ?").run(`${path}.partial`);
  renameSync(`${path}.partial`, path);
  return path;
}

function hasPendingMigrations(sqlite: BetterSqlite3.Database, migrationsFolder: string): boolean {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return false;
  const last = sqlite.prepare("SELECT MAX(created_at) AS at FROM __drizzle_migrations").get() as { at: number | null };
  if (last.at === null) return false;
  return readMigrationFiles({ migrationsFolder }).some((migration) => migration.folderMillis > Number(last.at));
}

/** SQLite's quick check of the file as it is, before anything writes to it (none when it does not exist yet). */
export function quickCheckFile(databasePath: string): string[] {
  if (!existsSync(databasePath)) return [];
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new BetterSqlite3(databasePath, { readonly: true, fileMustExist: true });
    return quickCheck(sqlite);
  } catch (error) {
    return [`cannot be opened: ${(error as Error).message}`];
  } finally {
    sqlite?.close();
  }
}
