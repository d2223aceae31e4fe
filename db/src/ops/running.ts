import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { MIGRATION_WAIT_MS } from "@spankbank/shared/limits";
import { StartupError } from "@spankbank/shared/runtime";
import BetterSqlite3 from "better-sqlite3";

/**
 * Who works on a database is decided by locks the operating system drops when a process dies,
 * in `data/run/`: the server's and the bot's named after the database file: for `spankbank.db`,
 * `spankbank.db.server.lock` (the web server) and `spankbank.db.bot.lock` (the Discord bot); and
 * `backups.backup.lock` (a backup or its retention). `npm run restore` takes all three for as
 * long as it swaps files, so nothing runs on the database while it changes, and nothing it
 * changes is in use. Two databases in one folder are two apps: neither's locks touch the other,
 * but for the backup lock, which is the folder's (`backups.backup.lock`): they share `backups/`
 * and its image store, which one backup or retention at a time may change.
 * `spankbank.db.migrate.lock` is held while migrations run, so two processes never migrate at once.
 *
 * The lock is SQLite's own: a tiny database per role, held in an EXCLUSIVE transaction with
 * `locking_mode = EXCLUSIVE` on a connection kept open. SQLite takes a POSIX lock on the file and
 * keeps it until the connection closes or the process dies (even by SIGKILL), and it knows about
 * the POSIX trap of one process closing another descriptor of the same file. Node has no `flock`
 * and the lock-file packages (proper-lockfile and the like) judge staleness by age instead, so
 * this needs nothing beyond the better-sqlite3 we already run on.
 *
 * Beside each held lock, a pid file (`spankbank.db.server.pid`) says which process holds it, for
 * messages only: it is written after the lock is taken and removed only by the process that wrote it.
 *
 * Earlier versions locked per folder (`run/server.lock`, `run/bot.lock`) or only wrote
 * `run/server.pid` / `run/bot.pid`: a server or bot of theirs still running is looked for too,
 * so an upgrade never starts beside it.
 */
export type Role = "server" | "bot" | "backup";
export const ROLES: readonly Role[] = ["server", "bot", "backup"];

const runDirOf = (databasePath: string) => join(dirname(databasePath), "run");
const fileOf = (databasePath: string, role: Role | "migrate", ending: "lock" | "pid") =>
  join(runDirOf(databasePath), `${role === "backup" ? "backups" : basename(databasePath)}.${role}.${ending}`);

export interface HeldLock {
  role: Role;
  release(): void;
}

/** Locks this process holds. Referenced here so garbage collection never closes one early. */
const held = new Set<BetterSqlite3.Database>();

/** Takes `role`'s lock on the database, or null when another process (or handle) holds it. */
export function tryLock(databasePath: string, role: Role): HeldLock | null {
  const release = takeLock(fileOf(databasePath, role, "lock"), fileOf(databasePath, role, "pid"), 0);
  return release && { role, release };
}

/**
 * Takes the lock in `lockFile` (naming this process in `pidFile`, if given), waiting up to
 * `waitMs` for another process to let go of it (0: answers at once). Returns its release, or
 * null when it stays held.
 */
function takeLock(lockFile: string, pidFile: string | null, waitMs: number): (() => void) | null {
  mkdirSync(dirname(lockFile), { recursive: true });
  // A held lock answers "busy" once SQLite's busy handler has waited `timeout` for it.
  const lock = new BetterSqlite3(lockFile, { timeout: waitMs });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") return null;
    throw error;
  }
  held.add(lock);
  if (pidFile) writeFileSync(pidFile, String(process.pid));
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    // Ours: only the lock holder writes it, and we still hold the lock.
    if (pidFile) rmSync(pidFile, { force: true });
    held.delete(lock);
    lock.close();
  };
  process.once("exit", release);
  return release;
}

/**
 * Runs `migrate` holding the database's migration lock: a process that finds another migrating
 * says so and waits for it (then finds nothing left to do), instead of both applying the same
 * migrations.
 */
export function whileMigrating<T>(databasePath: string, migrate: () => T): T {
  const lockFile = fileOf(databasePath, "migrate", "lock");
  const pidFile = fileOf(databasePath, "migrate", "pid");
  let release = takeLock(lockFile, pidFile, 0);
  if (release === null) {
    console.log(`Waiting for another Spank Bank process (${holderText(pidFile)}) to finish migrating ${databasePath}…`);
    release = takeLock(lockFile, pidFile, MIGRATION_WAIT_MS);
  }
  if (release === null) {
    throw new StartupError(
      `Another Spank Bank process (${holderText(pidFile)}) has been migrating ${databasePath} for ${MIGRATION_WAIT_MS / 60_000} minutes: stop it, then start again.`,
    );
  }
  try {
    return migrate();
  } finally {
    release();
  }
}

/** Which process a pid file names (for messages; null if unknown). */
function pidIn(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8"));
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

const holderText = (pidFile: string) => {
  const pid = pidIn(pidFile);
  return pid === null ? "pid unknown" : `pid ${pid}`;
};

const describeHolder = (databasePath: string, role: Role) => {
  const pid = pidIn(fileOf(databasePath, role, "pid"));
  return pid === null ? role : `${role} (pid ${pid})`;
};

/**
 * An earlier version's server or bot running in the database's folder, described with the file
 * that names it, or null. Those versions held `run/<role>.lock` (its pid in `run/<role>.pid`), or
 * before that only wrote `run/<role>.pid`: a live Node process named there counts as running.
 */
function earlierVersionRunning(databasePath: string, role: "server" | "bot"): string | null {
  const pidFile = join(runDirOf(databasePath), `${role}.pid`);
  const lockFile = join(runDirOf(databasePath), `${role}.lock`);
  if (existsSync(lockFile)) {
    const release = takeLock(lockFile, null, 0);
    if (release === null) return `an earlier Spank Bank's ${role} (${holderText(pidFile)}, ${lockFile})`;
    release();
  }
  const pid = pidIn(pidFile);
  if (pid !== null && pid !== process.pid && isNodeProcess(pid)) {
    return `an earlier Spank Bank's ${role} (pid ${pid}, named in ${pidFile}; if no Spank Bank runs as that pid, delete the file)`;
  }
  return null;
}

/** Whether `pid` is a live Node process (a pid file left by a crash may name another program since). */
export function isNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    // No /proc (not Linux): alive is all that can be told.
    return true;
  }
}

/**
 * Records this process as the database's `role` (server or bot) until it exits. Refuses, in one
 * line and touching nothing of the other, when another process already holds that role, or an
 * earlier version's server or bot runs in the same folder.
 */
export function markRunning(databasePath: string, role: "server" | "bot"): () => void {
  const lock = tryLock(databasePath, role);
  if (lock === null) {
    throw new StartupError(
      `Spank Bank's ${describeHolder(databasePath, role)} is already running on ${databasePath}: stop it first, or give this one its own DATABASE_PATH.`,
    );
  }
  const earlier = earlierVersionRunning(databasePath, role);
  if (earlier !== null) {
    lock.release();
    throw new StartupError(
      `${earlier} is still running beside ${databasePath}: stop it first (upgrading: stop the old version, then start this one).`,
    );
  }
  return lock.release;
}

/**
 * Runs `work` holding every role's lock: the caller has the database to itself (no server, no
 * bot, no backup). When any is held elsewhere, nothing runs and the holders are returned. Work
 * that returns a promise (an import reading its images) holds the locks until it settles.
 */
export function withDatabaseToItself<T>(
  databasePath: string,
  work: () => T,
): { ok: true; value: T } | { ok: false; running: string[] } {
  const locks: HeldLock[] = [];
  const running: string[] = [];
  const releaseAll = () => {
    for (const lock of locks) lock.release();
  };
  let settled: Promise<unknown> | undefined;
  try {
    for (const role of ROLES) {
      const lock = tryLock(databasePath, role);
      if (lock) locks.push(lock);
      else running.push(describeHolder(databasePath, role));
    }
    for (const role of ["server", "bot"] as const) {
      const earlier = earlierVersionRunning(databasePath, role);
      if (earlier !== null) running.push(earlier);
    }
    if (running.length > 0) return { ok: false, running };
    const value = work();
    if (value instanceof Promise) settled = value;
    return { ok: true, value };
  } finally {
    // The caller's own await on the promise runs after this release: it was registered later.
    if (settled) settled.then(releaseAll, releaseAll);
    else releaseAll();
  }
}
