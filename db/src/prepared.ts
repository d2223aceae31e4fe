import { Column, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "./client.js";

/**
 * The pattern every domain module follows for a query that runs per request: the statements are
 * built and prepared once per database handle (drizzle `.prepare()`, each bound value a `param`), so
 * a request pays neither drizzle's query building nor SQLite's parsing.
 *
 *   const statements = preparedFor((db) => ({
 *     balance: db.select({ balance: accounts.balance }).from(accounts)
 *       .where(eq(accounts.userId, param("userId"))).prepare(),
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
 * A value bound when a prepared statement runs, written `+?` where `sql.placeholder` writes `?`.
 * SQLite plans some statements with a bound value in view (LIMIT, OFFSET, LIKE, `col = ?` on a
 * table of a join) and plans them again once that value is bound anew; better-sqlite3 clears the
 * bindings after every run, so each such statement was parsed and planned again on every call.
 * The unary plus changes no value and hides it from the planner. Conditions, LIMIT and OFFSET
 * bind with it; a value written (an insert's `values`, an update's `set`) keeps `sql.placeholder`,
 * which drizzle converts by its column.
 */
export function param(name: string): Placeholder {
  return sql`+${sql.placeholder(name)}` as unknown as Placeholder;
}

/**
 * A constant written into a prepared statement's SQL (a boolean as 0 or 1): drizzle binds a
 * literal as a parameter, which SQLite plans again at every run like any bound value (see `param`).
 */
export function literal(value: number | boolean): Placeholder {
  return sql.raw(String(Number(value))) as unknown as Placeholder;
}

/**
 * `LIMIT 1` written into a prepared statement's SQL. drizzle binds a number as a parameter, and
 * SQLite plans `LIMIT ?` without knowing it is 1, which costs the newest question several times
 * its time. drizzle writes an SQL chunk in place of the parameter.
 */
export const LIMIT_ONE = literal(1);

/** A prepared select, as drizzle gives it: rows as objects (`all`) or as arrays in selection order (`values`). */
interface PreparedSelect<Row> {
  all(placeholders?: Record<string, unknown>): Row[];
  values(placeholders?: Record<string, unknown>): unknown[][];
}

/**
 * Reads a prepared select's rows as arrays and makes each an object with one mapper built from its
 * selection (`fields`, the object given to `db.select`): drizzle's own mapping walks every field
 * of every row through its generic path and join checks, most of a long list's read. Only
 * columns that convert their value (booleans, JSON) are decoded; the rest are taken as read.
 */
export function rowsOf<Row>(
  statement: PreparedSelect<Row>,
  fields: Record<string, unknown>,
): (placeholders?: Record<string, unknown>) => Row[] {
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => {
    const field = fields[key];
    return field instanceof Column && field.mapFromDriverValue !== Column.prototype.mapFromDriverValue
      ? field
      : undefined;
  });
  const toRow = (values: unknown[]): Row => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      const decoder = decoders[i];
      row[keys[i]!] = decoder !== undefined && value !== null ? decoder.mapFromDriverValue(value) : value;
    }
    return row as Row;
  };
  return (placeholders) => statement.values(placeholders).map(toRow);
}
