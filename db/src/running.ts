import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { StartupError } from "@spankbank/shared/runtime";
import BetterSqlite3 from "better-sqlite3";

/**
 * Who works on a database is decided by locks the operating system drops when a process dies,
 * one per role in `data/run/`: `server.lock` (the web server), `bot.lock` (the Discord bot) and
 * `backup.lock` (a backup or its retention). `npm run restore` takes all three for as long as it
 * swaps files, so nothing runs on the database while it changes, and nothing it changes is in use.
 *
 * The lock is SQLite's own: a tiny database per role, held in an EXCLUSIVE transaction with
 * `locking_mode = EXCLUSIVE` on a connection kept open. SQLite takes a POSIX lock on the file and
 * keeps it until the connection closes or the process dies (even by SIGKILL), and it knows about
 * the POSIX trap of one process closing another descriptor of the same file. Node has no `flock`
 * and the lock-file packages (proper-lockfile and the like) judge staleness by age instead, so
 * this needs nothing beyond the better-sqlite3 we already run on.
 *
 * Beside each held lock, a pid file (`server.pid`) says which process holds it, for messages
 * only: it is written after the lock is taken and removed only by the process that wrote it.
 */
export type Role = "server" | "bot" | "backup";
export const ROLES: readonly Role[] = ["server", "bot", "backup"];

const runDirOf = (databasePath: string) => join(dirname(databasePath), "run");

export interface HeldLock {
  role: Role;
  release(): void;
}

/** Locks this process holds. Referenced here so garbage collection never closes one early. */
const held = new Set<BetterSqlite3.Database>();

/** Takes `role`'s lock on the database, or null when another process (or handle) holds it. */
export function tryLock(databasePath: string, role: Role): HeldLock | null {
  const dir = runDirOf(databasePath);
  mkdirSync(dir, { recursive: true });
  // timeout 0: a held lock answers "busy" at once instead of waiting for it.
  const lock = new BetterSqlite3(join(dir, `${role}.lock`), { timeout: 0 });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") return null;
    throw error;
  }
  held.add(lock);
  const pidFile = join(dir, `${role}.pid`);
  writeFileSync(pidFile, String(process.pid));
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    // Ours: only the lock holder writes it, and we still hold the lock.
    rmSync(pidFile, { force: true });
    held.delete(lock);
    lock.close();
  };
  process.once("exit", release);
  return { role, release };
}

/** Which process holds a role's lock, as its pid file says (for messages; null if unknown). */
function holderOf(databasePath: string, role: Role): number | null {
  const file = join(runDirOf(databasePath), `${role}.pid`);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8"));
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

const describeHolder = (databasePath: string, role: Role) => {
  const pid = holderOf(databasePath, role);
  return pid === null ? role : `${role} (pid ${pid})`;
};

/**
 * Records this process as the database's `role` (server or bot) until it exits. Refuses, in one
 * line and touching nothing of the other, when another process already holds that role.
 */
export function markRunning(databasePath: string, role: "server" | "bot"): () => void {
  const lock = tryLock(databasePath, role);
  if (lock === null) {
    throw new StartupError(
      `Spank Bank's ${describeHolder(databasePath, role)} is already running on ${databasePath}: stop it first, or give this one its own DATABASE_PATH.`,
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
