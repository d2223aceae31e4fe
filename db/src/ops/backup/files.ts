// Where backups and their media live, how a backup file is named, and the list of backups.
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { DAY_MS } from "@spankbank/shared/calendar";
import BetterSqlite3 from "better-sqlite3";

/**
 * Backups live beside the database: `data/backups/`; memory images in `data/media/`. A second
 * database in the same folder shares both: its backups carry its own name (`backupName`), and one
 * backup or retention runs in the folder at a time (the backup lock is the folder's).
 */
export const backupsDirOf = (databasePath: string) => join(dirname(databasePath), "backups");
export const mediaDirOf = (databasePath: string) => join(dirname(databasePath), "media");
/**
 * Every memory image any backup holds, once, named by the SHA-256 of its bytes: ten backups of
 * the same photos take one copy of them. Each backup lists its images in `….media.json`.
 */
export const mediaStoreOf = (databasePath: string) => join(backupsDirOf(databasePath), "media");

/** What follows a backup's database name: its time, unique to the second, and its kind. */
const BACKUP_STAMP = /-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(pre-migration|manual))?\.db$/;
/** What versions before names per database called every backup, whatever the database's file. */
const EARLIER_PREFIX = "spankbank";
/** Files a backup, a restore or a store copy leaves when it is killed half-way. */
const PARTIAL = /\.(partial|restoring)(-wal|-shm|-journal)?$/;

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

/** One memory image in a backup: its name in `media/` and its bytes' SHA-256 in the store. */
export interface MediaEntry {
  name: string;
  sha256: string;
  size: number;
  /** When the file was last written, so the next backup need not read it again to know its hash. */
  mtimeMs: number;
}

/** A database's file name without `.db`: what its backups' names start with. */
const prefixOf = (databasePath: string) => basename(databasePath).replace(/\.db$/, "");

/** `2026-11-22T030000Z`: sorts by name, readable, unique to the second. */
export function backupStamp(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** `spankbank-2026-11-22T030000Z.db` for `spankbank.db`: the database's name, then the time. */
export function backupName(databasePath: string, now: Date, suffix = ""): string {
  return `${prefixOf(databasePath)}-${backupStamp(now)}${suffix}.db`;
}

/**
 * The names this database's backups start with: its own, and `spankbank` for one not named
 * `spankbank.db` that is alone in its folder (earlier versions named every backup so; with another
 * database beside it, whose those are is not known, and neither lists them).
 */
function backupPrefixesOf(databasePath: string): string[] {
  const own = prefixOf(databasePath);
  if (own === EARLIER_PREFIX) return [own];
  return sharesItsFolder(databasePath) ? [own] : [own, EARLIER_PREFIX];
}

/**
 * Another database lives in this one's folder, sharing its `media/` and `backups/`: a SQLite file
 * by its header, whatever its name, that is not this one's own (`-wal`, `.replaced-…` and the like).
 */
export function sharesItsFolder(databasePath: string): boolean {
  const folder = dirname(databasePath);
  const own = basename(databasePath);
  if (!existsSync(folder)) return false;
  return readdirSync(folder, { withFileTypes: true }).some(
    (entry) =>
      entry.isFile() &&
      entry.name !== own &&
      !entry.name.startsWith(`${own}-`) &&
      !entry.name.startsWith(`${own}.`) &&
      isSqliteFile(join(folder, entry.name)),
  );
}

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

function isSqliteFile(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A file beside a backup named after it (`….db` → `….media.json`): only backups we name end in
 * `.db`; a file named otherwise (an off-box copy, a restore's `.replaced-…` database) has none.
 */
const besideBackup = (backupPath: string, suffix: string): string | null =>
  backupPath.endsWith(".db") ? `${backupPath.slice(0, -".db".length)}${suffix}` : null;
/** The list of a backup's images in the shared media store. */
/** What the couple's data is on disk, whatever the source of a copy was: theirs alone. */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

export const manifestOf = (backupPath: string) => besideBackup(backupPath, ".media.json");
/** The media folder copy of a backup taken before the shared store. */
export const legacyMediaOf = (backupPath: string) => besideBackup(backupPath, ".media");
export const existing = (path: string | null) => (path !== null && existsSync(path) ? path : null);

/** Deletes what a killed or failed backup or restore left (the caller holds the backup lock). */
export function removePartials(databasePath: string): void {
  for (const dir of [backupsDirOf(databasePath), mediaStoreOf(databasePath)]) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) if (PARTIAL.test(name)) rmSync(join(dir, name), { force: true });
  }
}

/**
 * Puts a copy in rollback-journal mode: one self-contained file, with no `-wal`/`-shm` made
 * beside it when it is opened (read-only included) and none left behind.
 */
export function selfContained(path: string): void {
  const sqlite = new BetterSqlite3(path);
  try {
    sqlite.pragma("journal_mode = DELETE");
  } finally {
    sqlite.close();
  }
}

export function readManifest(path: string): MediaEntry[] {
  return (JSON.parse(readFileSync(path, "utf8")) as { files: MediaEntry[] }).files;
}

/** A media list, or undefined when it cannot be read (a power cut left it empty or cut short). */
export function readManifestIfWhole(path: string): MediaEntry[] | undefined {
  try {
    return readManifest(path);
  } catch {
    return undefined;
  }
}

/**
 * Puts a written file's bytes on the disk (`fsync`): renamed into place unflushed, a power cut can
 * leave the new name on an empty file.
 */
export function flushFile(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Puts a folder's renames on the disk: a power cut then leaves each new name in place. */
export const flushFolder = flushFile;

/** A backup named later than a day from `now`: it was taken while the clock was wrong. */
export function namedInTheFuture(backup: BackupFile, now: Date): boolean {
  return backup.takenAt.getTime() > now.getTime() + DAY_MS;
}

/** Every backup of this database (not of another one in its folder), newest first. */
export function listBackups(databasePath: string): BackupFile[] {
  const dir = backupsDirOf(databasePath);
  if (!existsSync(dir)) return [];
  const prefixes = backupPrefixesOf(databasePath);
  return readdirSync(dir)
    .filter((name) =>
      prefixes.some((prefix) => name.startsWith(prefix) && BACKUP_STAMP.exec(name)?.index === prefix.length),
    )
    .map((name) => describe(join(dir, name)))
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || (a.name < b.name ? 1 : -1));
}

export function describe(path: string): BackupFile {
  const name = basename(path);
  const [, day, hours, minutes, seconds, kind] = BACKUP_STAMP.exec(name) ?? [];
  const mediaPath = existing(manifestOf(path)) ?? existing(legacyMediaOf(path));
  return {
    path,
    name,
    kind: (kind as BackupKind | undefined) ?? "daily",
    takenAt: new Date(`${day}T${hours}:${minutes}:${seconds}Z`),
    bytes: statSync(path).size,
    mediaPath,
  };
}
