// Restoring: a backup put in place of the database atomically, the replaced one kept beside it.
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import {
  backupStamp,
  flushFile,
  flushFolder,
  mediaDirOf,
  PRIVATE_FILE,
  selfContained,
  sharesItsFolder,
} from "./files.js";
import { gatherMedia } from "./mediaStore.js";
import { verifyBackupFile } from "./verify.js";

/**
 * Puts a backup in place of the database, atomically: the backup is copied to a temporary file
 * beside the database and verified there, its media gathered in a temporary folder, and only
 * then is each renamed into place. Killed before that, the database in place is untouched (the
 * next backup or restore clears the temporary files). The caller holds every lock
 * (`withDatabaseToItself`). The replaced file (and any WAL) and media folder are kept beside
 * it as `….replaced-<time>`, never deleted. With another database in the folder, the media
 * folder keeps every image too (the backup's, and the ones it lacks, which may be the other's).
 * The restored copy goes on from the ids the replaced database gave, and keeps only the sessions
 * and passkeys it still holds (carryOverFromReplaced).
 */
export function restoreBackup(
  databasePath: string,
  backupPath: string,
  now = new Date(),
  migrationsFolder?: string,
): { keptAs: string | null } {
  mkdirSync(dirname(databasePath), { recursive: true });
  const restoring = `${databasePath}.restoring`;
  const media = mediaDirOf(databasePath);
  const stamp = unusedStamp(databasePath, media, backupStamp(now));
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
    carryOverFromReplaced(restoring, databasePath);
    let backupMedia = gatherMedia(databasePath, backupPath, mediaRestoring);
    // The other database's images (and any this backup lacks) stay: the folder's media is theirs too.
    const shared = sharesItsFolder(databasePath);
    if (shared && existsSync(media)) backupMedia = keepImagesBeside(media, mediaRestoring);

    const replacedAs = `${databasePath}.replaced-${stamp}`;
    const keptAs = existsSync(databasePath) ? replacedAs : null;
    // With no database in place, a -wal and -shm left by a crash still go aside.
    if (keptAs) keepReplaced(databasePath, keptAs);
    else setAsideWal(databasePath, replacedAs);
    // rename() replaces the file in one step: the path always names a whole database.
    renameSync(restoring, databasePath);
    if (backupMedia) {
      const replacedMedia = `${media}.replaced-${stamp}`;
      if (existsSync(media)) renameSync(media, replacedMedia);
      renameSync(mediaRestoring, media);
      // An image the other database saved meanwhile went into the folder set aside: it comes along.
      if (shared && existsSync(replacedMedia)) keepImagesBeside(replacedMedia, media);
    }
    // The renames on the disk before "restored" is said: a power cut then does not undo them.
    flushFolder(dirname(databasePath));
    return { keptAs };
  } finally {
    clear();
  }
}

/** What a restore carries over from the database it replaces. */
interface Replaced {
  /** Each table's id counter (`sqlite_sequence`). */
  given: { name: string; seq: unknown }[];
  /** The sessions it still holds. */
  sessions: unknown[];
  /** The passkeys it still holds; undefined in a database from before passkeys (migration 0029). */
  passkeys: unknown[] | undefined;
}

/**
 * The restored copy carries over from the database it replaces, read first (its WAL included):
 * - each table's id counter, raised to that database's: an id given after the backup, to a row the
 *   restore loses, is not given again, so a new photo never takes the address a browser cached for
 *   a year with the lost one's bytes;
 * - only the sessions and passkeys it still holds: one a partner ended after the backup (a sign-out
 *   everywhere, a passkey removed for a lost phone) would sign in again.
 * With that database lost or unreadable, the backup's counters stay, and none can say which
 * sign-ins ended: every session ends (each partner signs in again), and the passkeys stay (each
 * partner's own to remove).
 */
function carryOverFromReplaced(restoring: string, databasePath: string): void {
  const replaced = readReplaced(databasePath);
  const sqlite = new BetterSqlite3(restoring, { fileMustExist: true });
  try {
    const raise = sqlite.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?");
    // A table the backup lacks (added by a migration since) takes it when the migration creates it.
    const start = sqlite.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)");
    const tables = new Set(sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    sqlite.transaction(() => {
      for (const { name, seq } of replaced?.given ?? []) {
        if (!Number.isSafeInteger(seq)) continue;
        if (raise.run(seq, name).changes === 0) start.run(name, seq);
      }
      keepOnly(sqlite, "sessions", "token_hash", replaced?.sessions ?? []);
      // A backup from before passkeys has none to keep.
      if (replaced?.passkeys !== undefined && tables.has("passkeys"))
        keepOnly(sqlite, "passkeys", "credential_id", replaced.passkeys);
    })();
  } finally {
    sqlite.close();
  }
}

/** Deletes the rows of `table` whose `column` is none of `kept`. */
function keepOnly(sqlite: BetterSqlite3.Database, table: string, column: string, kept: unknown[]): void {
  sqlite.exec(`CREATE TEMP TABLE kept_${table} (${column} TEXT PRIMARY KEY)`);
  const keep = sqlite.prepare(`INSERT OR IGNORE INTO kept_${table} (${column}) VALUES (?)`);
  for (const value of kept) keep.run(value);
  sqlite.exec(`DELETE FROM ${table} WHERE ${column} NOT IN (SELECT ${column} FROM kept_${table})`);
}

/** What the database a restore replaces holds to carry over, or undefined when it is lost or unreadable. */
function readReplaced(databasePath: string): Replaced | undefined {
  try {
    // Not read-only: that leaves an empty -wal and -shm beside it, where closing removes them.
    const replaced = new BetterSqlite3(databasePath, { fileMustExist: true });
    try {
      const hasPasskeys = replaced
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'passkeys'")
        .get();
      return {
        given: replaced.prepare("SELECT name, seq FROM sqlite_sequence").all() as Replaced["given"],
        sessions: replaced.prepare("SELECT token_hash FROM sessions").pluck().all(),
        passkeys: hasPasskeys ? replaced.prepare("SELECT credential_id FROM passkeys").pluck().all() : undefined,
      };
    } finally {
      replaced.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * The time a replaced database and media folder are kept under, with `-2`, `-3`... when a restore
 * in the same second already used it: its kept files are never overwritten.
 */
function unusedStamp(databasePath: string, media: string, stamp: string): string {
  const used = (candidate: string) =>
    ["", "-wal", "-shm"].some((suffix) => existsSync(`${databasePath}.replaced-${candidate}${suffix}`)) ||
    existsSync(`${media}.replaced-${candidate}`);
  let candidate = stamp;
  for (let n = 2; used(candidate); n++) candidate = `${stamp}-${n}`;
  return candidate;
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
    chmodSync(keptAs, PRIVATE_FILE);
  }
  setAsideWal(databasePath, keptAs);
}

/**
 * A database's `-wal` and `-shm`, moved to `keptAs`: left beside the restored file, SQLite would
 * apply another database's pages to it.
 */
function setAsideWal(databasePath: string, keptAs: string): void {
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
 * Links into `restoring` every image of `media` it does not hold (one file, two names: no space
 * taken; a copy across disks), and returns it. Image names are unique and an image is never rewritten, so the backup's
 * own copy of a name is the same image.
 */
function keepImagesBeside(media: string, restoring: string): string {
  mkdirSync(restoring, { recursive: true });
  for (const name of readdirSync(media)) {
    const source = join(media, name);
    const target = join(restoring, name);
    if (existsSync(target) || !statSync(source).isFile()) continue;
    try {
      linkSync(source, target);
    } catch (error) {
      // `media/` on another disk (a link to a mount): a copy, as the backup's images are.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      cpSync(source, target);
      chmodSync(target, PRIVATE_FILE);
      flushFile(target);
    }
  }
  // The new names on the disk before the folder is renamed into place (or, live, before it counts as done).
  flushFolder(restoring);
  return restoring;
}
