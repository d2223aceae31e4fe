// The backup taken in a worker thread: at ten years of photos, its copy, check and media store
// held the thread that answers the couple for a second at a time.
import { Worker } from "node:worker_threads";
import type { Db } from "../../client.js";
import type { BrokenRule } from "../healthCheck.js";
import { type BackupFile, backupsDirOf } from "./files.js";
import { pruneBackups, type Retention } from "./prune.js";
import { BackupCheckFailed, BackupRefused, type FreeSpace, takeBackup } from "./take.js";

export interface BackupWork {
  databasePath: string;
  now: Date;
  kind: "daily" | "manual";
  retention: Retention;
  /** The free bytes a test says the disk has (the real disk's otherwise). */
  freeBytes?: number;
}

export interface BackupDone {
  backup: BackupFile;
  removed: string[];
}

/** A failure as it crosses from the worker: what rebuilds the same error here. */
type FailureMessage =
  | { kind: "refused"; reason: BackupRefused["reason"]; message: string }
  | { kind: "check"; problems: BrokenRule[] }
  | { kind: "error"; message: string; stack?: string };
export type WorkerAnswer = { ok: true; done: BackupDone } | { ok: false; failure: FailureMessage };

/** The backup taken and the old ones pruned, on `db`'s own thread. */
export async function takeAndPrune(db: Db, work: BackupWork): Promise<BackupDone> {
  const { databasePath, now, kind, retention, freeBytes } = work;
  const freeSpace: FreeSpace | undefined = freeBytes === undefined ? undefined : () => freeBytes;
  const backup = await takeBackup(db, databasePath, now, freeSpace, kind);
  return { backup, removed: pruneBackups(databasePath, retention, now) };
}

// Next to this module once compiled (db/dist), or next to the server's bundle (its build puts it there).
const WORKER = new URL("./backupWorker.js", import.meta.url);
// Run from TypeScript sources (db's own tests), there is no compiled worker to start.
const FROM_SOURCES = import.meta.url.endsWith(".ts");

/**
 * takeAndPrune in a worker thread with its own connection to the database: SQLite reads a
 * consistent copy from it while this thread goes on answering. `freeSpace` is asked here.
 */
export function takeAndPruneOffThread(
  db: Db,
  work: Omit<BackupWork, "freeBytes">,
  freeSpace?: FreeSpace,
): Promise<BackupDone> {
  const freeBytes = freeSpace?.(backupsDirOf(work.databasePath));
  const full: BackupWork = freeBytes === undefined ? work : { ...work, freeBytes };
  if (FROM_SOURCES) return takeAndPrune(db, full);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: full });
    let answered = false;
    worker.once("message", (answer: WorkerAnswer) => {
      answered = true;
      if (answer.ok) resolve(answer.done);
      else reject(failureOf(answer.failure));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`The backup's worker stopped (exit code ${code}) before it answered.`));
    });
  });
}

/** What the worker sends for an error thrown there. */
export function failureMessage(error: unknown): FailureMessage {
  if (error instanceof BackupRefused) return { kind: "refused", reason: error.reason, message: error.message };
  if (error instanceof BackupCheckFailed) return { kind: "check", problems: error.problems };
  const { message, stack } = error instanceof Error ? error : new Error(String(error));
  return { kind: "error", message, ...(stack !== undefined && { stack }) };
}

function failureOf(failure: FailureMessage): Error {
  if (failure.kind === "refused") return new BackupRefused(failure.reason, failure.message);
  if (failure.kind === "check") return new BackupCheckFailed(failure.problems);
  const error = new Error(failure.message);
  if (failure.stack !== undefined) error.stack = failure.stack;
  return error;
}
