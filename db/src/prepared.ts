import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "./client.js";

/**
 * The pattern every domain module follows for a query that runs per request: the statements are
 * built and prepared once per database handle (drizzle `.prepare()` with `sql.placeholder`), so a
 * request pays neither drizzle's query building nor SQLite's parsing.
 *
 *   const statements = preparedFor((db) => ({
 *     balance: db.select({ balance: accounts.balance }).from(accounts)
 *       .where(eq(accounts.userId, sql.placeholder("userId"))).prepare(),
 *   }));
 *   statements(db).balance.get({ userId });
 *
 * Pass the root `Db`, also inside `inTransaction`: better-sqlite3 has one connection, so a
 * statement prepared on it runs inside the open transaction.
 */
export function preparedFor<Statements>(build: (db: Db) => Statements): (db: Db) => Statements {
  const byHandle = new WeakMap<Db, Statements>();
  return (db) => {
    let statements = byHandle.get(db);
    if (statements === undefined) {
      statements = build(db);
      byHandle.set(db, statements);
    }
    return statements;
  };
}

/**
 * `LIMIT 1` written into a prepared statement's SQL. drizzle binds a number as a parameter, and
 * SQLite plans `LIMIT ?` without knowing it is 1, which costs the newest question several times
 * its time. drizzle writes an SQL chunk in place of the parameter.
 */
export const LIMIT_ONE = sql.raw("1") as unknown as Placeholder;
