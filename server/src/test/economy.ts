import type { Db } from "@spankbank/db/client";
import { inTransaction } from "@spankbank/db/client";
import { balanceOf, checkLedger, transfer } from "@spankbank/db/ledger";
import { afterEach, expect } from "vitest";
import { buildTestApp, userIdOf } from "./app.js";
import { sessionCookie } from "./session.js";

let opened: Db | undefined;
// Registered after app.ts's cleanup, so it runs before the database is closed.
afterEach(() => {
  if (opened) expect(checkLedger(opened), "ledger invariants after the test").toEqual([]);
  opened = undefined;
});

/** The test app with a session for each partner; the ledger is checked after every test. */
export async function buildEconomyApp() {
  const test = await buildTestApp();
  opened = test.db;
  return {
    ...test,
    alex: userIdOf(test.db, "alex"),
    sam: userIdOf(test.db, "sam"),
    cookie: { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") },
  };
}

/** Spanks for a test partner, minted through the ledger like any award. */
export function giveSpanks(db: Db, userId: number, amount: number): void {
  inTransaction(db, (tx) =>
    transfer(tx, { from: "mint", to: { userId }, amount, kind: "award", reference: "test", memo: "test" }),
  );
}

const TABLES = [
  "products",
  "inventory_items",
  "purchases",
  "redemptions",
  "transfers",
  "outbox",
  "idempotency_keys",
] as const;

/** Row counts, stock and balances: equal before and after means nothing was written. */
export function economySnapshot(db: Db) {
  const rows = Object.fromEntries(
    TABLES.map((table) => [table, (db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n]),
  ) as Record<(typeof TABLES)[number], number>;
  const stock = db.$client.prepare("SELECT * FROM products ORDER BY id").all();
  const inventory = db.$client.prepare("SELECT * FROM inventory_items ORDER BY id").all();
  const balances = db.$client.prepare("SELECT name, balance FROM accounts ORDER BY name").all();
  return { rows, stock, inventory, balances, escrow: balanceOf(db, "escrow") };
}
