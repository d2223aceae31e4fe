// The worker thread takeAndPruneOffThread starts: one backup, on its own connection to the database.
import { parentPort, workerData } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { Db } from "../../client.js";
import { type BackupWork, failureMessage, takeAndPrune, type WorkerAnswer } from "./offThread.js";

const work = workerData as BackupWork;
let answer: WorkerAnswer;
let sqlite: BetterSqlite3.Database | undefined;
try {
  sqlite = new BetterSqlite3(work.databasePath, { readonly: true, fileMustExist: true });
  answer = { ok: true, done: await takeAndPrune(drizzle(sqlite) as unknown as Db, work) };
} catch (error) {
  answer = { ok: false, failure: failureMessage(error) };
} finally {
  sqlite?.close();
}
parentPort?.postMessage(answer);
