import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { backupBeforeMigrations } from "./ops/backup/index.js";
import { repairRewrittenMigrations } from "./ops/migrationRepairs.js";
import { whileMigrating } from "./ops/running.js";
import * as schema from "./schema.js";

export type Db = BetterSQLite3Database<typeof schema> & { $client: BetterSqlite3.Database };
/**
 * What a transaction's work receives: the root handle itself. better-sqlite3 has one connection,
 * so every query on it, prepared statements included, runs inside the open transaction.
 */
export type Tx = Db;

// Found through the package rather than this file's URL: the server runs bundled into one file.
export const migrationsFolder = join(
  dirname(createRequire(import.meta.url).resolve("@spankbank/db/package.json")),
  "migrations",
);

/**
 * Opens (creating if needed) the database file, sets the pragmas every connection needs and
 * applies pending migrations. Safe to call on every start: applied migrations are skipped.
 */
export function openDb(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: a committed purchase survives a power cut, which matters more than write speed here.
  sqlite.pragma("synchronous = FULL");
  const db = drizzle(sqlite, { schema });
  const applyMigrations = () => {
    // An upgrade's migrations never touch a database holding data without a copy of it first.
    backupBeforeMigrations(sqlite, path, migrationsFolder);
    repairRewrittenMigrations(sqlite, migrationsFolder);
    migrate(db, { migrationsFolder });
  };
  if (path === ":memory:") applyMigrations();
  else whileMigrating(path, applyMigrations);
  return db;
}

/**
 * Runs `work` in one IMMEDIATE transaction: the write lock is taken before anything is read.
 * Called inside another transaction it runs in a savepoint: a throw undoes only its own writes.
 * (better-sqlite3's own transactions, because drizzle's hand `work` a handle that prepared
 * statements built on the root handle are not part of.)
 */
export function inTransaction<T>(db: Db, work: (tx: Tx) => T): T {
  let run = transactionRunners.get(db);
  if (run === undefined) {
    run = db.$client.transaction((work: (tx: Tx) => unknown) => work(db));
    transactionRunners.set(db, run);
  }
  return run.immediate(work) as T;
}

/** What `eachInItsOwnSavepoint` did: how many items were done, and each that failed with why. */
export interface EachDone<T> {
  done: number;
  failed: { item: T; why: string }[];
}

/**
 * Runs `work` on each item in a savepoint of its own inside `tx`: one that throws is undone alone,
 * reported with its error's message, and holds up no other. `work` returning false did nothing.
 * For the periodic checks, where one broken row must not stop every other.
 */
export function eachInItsOwnSavepoint<T>(
  tx: Tx,
  items: Iterable<T>,
  work: (tx: Tx, item: T) => boolean | undefined,
): EachDone<T> {
  let done = 0;
  const failed: EachDone<T>["failed"] = [];
  for (const item of items) {
    try {
      if (inTransaction(tx, (itemTx) => work(itemTx, item)) !== false) done += 1;
    } catch (error) {
      failed.push({ item, why: error instanceof Error ? error.message : String(error) });
    }
  }
  return { done, failed };
}

/**
 * One wrapped transaction per handle, given the work as its argument: better-sqlite3 builds each
 * wrapper anew (a sixth of a purchase's CPU when made per call), and a wrapper called inside an
 * open transaction takes a savepoint, so one wrapper serves the nested calls too.
 */
const transactionRunners = new WeakMap<Db, BetterSqlite3.Transaction<(work: (tx: Tx) => unknown) => unknown>>();
