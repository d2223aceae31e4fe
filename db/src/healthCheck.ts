import { existsSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { Db } from "./client.js";
import { checkLedger } from "./ledger.js";
import * as schema from "./schema.js";

/** One broken rule, named so the operator knows where to look. */
export interface BrokenRule {
  rule: string;
  detail: string;
}

/**
 * Every promise DESIGN.md section 4 makes about money and memories, checked against the file:
 * SQLite's own integrity and foreign keys, the ledger, escrow, inventory and the outbox.
 * An empty list means all is well. Read-only.
 */
export function checkDatabase(db: Db): BrokenRule[] {
  const checks: [string, () => BrokenRule[]][] = [
    ["integrity_check", () => integrity(db)],
    ["foreign_key_check", () => foreignKeys(db)],
    ["ledger", () => checkLedger(db).map((detail) => ({ rule: "ledger", detail }))],
    ["escrow", () => escrow(db)],
    ["inventory", () => inventory(db)],
    ["outbox", () => outbox(db)],
  ];
  // A damaged file can fail a check outright (SQLITE_CORRUPT): that is a finding for the report,
  // and the checks after it still run.
  return checks.flatMap(([rule, check]) => {
    try {
      return check();
    } catch (error) {
      return [{ rule, detail: `cannot be read: ${(error as Error).message}` }];
    }
  });
}

/**
 * `checkDatabase` on a file, opened read-only (no migrations, nothing written): a file missing
 * or too damaged to open is a broken rule of its own, never a crash.
 */
export function checkDatabaseFile(path: string): BrokenRule[] {
  if (!existsSync(path)) return [{ rule: "file", detail: `there is no database at ${path}` }];
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
    sqlite.pragma("schema_version");
  } catch (error) {
    sqlite?.close();
    return [{ rule: "file", detail: `cannot be opened: ${(error as Error).message}` }];
  }
  try {
    return checkDatabase(drizzle(sqlite, { schema }) as unknown as Db);
  } finally {
    sqlite.close();
  }
}

/** SQLite's quick check (the integrity check without the index cross-checks): its findings, none when sound. */
export function quickCheck(sqlite: { pragma(source: string): unknown }): string[] {
  try {
    return (sqlite.pragma("quick_check") as { quick_check: string }[])
      .map((row) => row.quick_check)
      .filter((line) => line !== "ok");
  } catch (error) {
    return [`cannot be read: ${(error as Error).message}`];
  }
}

function integrity(db: Db): BrokenRule[] {
  const rows = db.$client.pragma("integrity_check") as { integrity_check: string }[];
  return rows
    .map((row) => row.integrity_check)
    .filter((line) => line !== "ok")
    .map((detail) => ({ rule: "integrity_check", detail }));
}

function foreignKeys(db: Db): BrokenRule[] {
  const rows = db.$client.pragma("foreign_key_check") as { table: string; rowid: number; parent: string }[];
  return rows.map((row) => ({
    rule: "foreign_key_check",
    detail: `${row.table} row ${row.rowid} points at a missing ${row.parent}`,
  }));
}

/** Escrow holds the price of every purchase not yet confirmed (held in an inventory or redeemed). */
function escrow(db: Db): BrokenRule[] {
  const row = db.$client
    .prepare(
      `SELECT
         (SELECT balance FROM accounts WHERE name = 'escrow') AS held,
         COALESCE((SELECT SUM(price) FROM purchases), 0)
       - COALESCE((SELECT SUM(price) FROM redemptions WHERE confirmed_at IS NOT NULL), 0) AS owed`,
    )
    .get() as { held: number | null; owed: number };
  if ((row.held ?? 0) === row.owed) return [];
  return [
    {
      rule: "escrow",
      detail: `escrow holds ${row.held ?? 0} spanks, but unconfirmed purchases are worth ${row.owed}`,
    },
  ];
}

/** Each inventory line holds what was bought of it minus what was redeemed from it. */
function inventory(db: Db): BrokenRule[] {
  const rows = db.$client
    .prepare(
      `SELECT i.id, i.name, i.quantity,
         (SELECT COUNT(*) FROM purchases p WHERE p.inventory_item_id = i.id)
       - (SELECT COUNT(*) FROM redemptions r WHERE r.inventory_item_id = i.id) AS expected
       FROM inventory_items i
       WHERE i.quantity <> expected`,
    )
    .all() as { id: number; name: string; quantity: number; expected: number }[];
  return rows.map((row) => ({
    rule: "inventory",
    detail: `inventory item ${row.id} ("${row.name}") holds ${row.quantity}, but bought minus redeemed is ${row.expected}`,
  }));
}

/**
 * Outbox events are delivered once, and one that keeps failing says why. One Discord message
 * announces one event, except a morning digest: several events, all for the same partner.
 */
function outbox(db: Db): BrokenRule[] {
  const problems: BrokenRule[] = [];
  const columns = new Set((db.$client.pragma("table_info(outbox)") as { name: string }[]).map((column) => column.name));
  if (columns.has("discord_message_id")) {
    const oneRecipient = columns.has("recipient_user_id")
      ? "AND NOT (COUNT(recipient_user_id) = COUNT(*) AND COUNT(DISTINCT recipient_user_id) = 1)"
      : "";
    const twice = db.$client
      .prepare(
        `SELECT discord_message_id AS message, COUNT(*) AS events FROM outbox
         WHERE discord_message_id IS NOT NULL GROUP BY discord_message_id HAVING COUNT(*) > 1 ${oneRecipient}`,
      )
      .all() as { message: string; events: number }[];
    for (const row of twice) {
      problems.push({ rule: "outbox", detail: `Discord message ${row.message} announces ${row.events} events` });
    }
  }
  const stuck = db.$client
    .prepare(
      `SELECT id, kind, attempts FROM outbox
       WHERE delivered_at IS NULL AND attempts > 0 AND (last_error IS NULL OR last_error = '')`,
    )
    .all() as { id: number; kind: string; attempts: number }[];
  for (const row of stuck) {
    problems.push({
      rule: "outbox",
      detail: `event ${row.id} (${row.kind}) failed ${row.attempts} time(s) with no reason logged`,
    });
  }
  return problems;
}

/** The report `npm run check` prints: one line per broken rule. */
export function describeBrokenRules(problems: BrokenRule[]): string {
  return problems.map((problem) => `  - [${problem.rule}] ${problem.detail}`).join("\n");
}
