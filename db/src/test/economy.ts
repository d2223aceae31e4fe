import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { afterEach } from "vitest";
import { type Db, inTransaction, openDb } from "../client.js";
import { syncCouple } from "../couple.js";
import { Refusal } from "../errors.js";
import { balanceOf, transfer } from "../ledger.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

export interface EconomyDb {
  db: Db;
  path: string;
  alex: number;
  sam: number;
}

/** A real database file with the demo couple synced and no spanks yet; deleted after the test. */
export function openEconomyDb(): EconomyDb {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-economy-"));
  const path = join(dir, "test.db");
  const db = openDb(path);
  const [alex, sam] = syncCouple(db, demoCouple);
  cleanups.push(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, path, alex: alex!.id, sam: sam!.id };
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

/** Row counts and balances: equal before and after means nothing was written. */
export function economySnapshot(db: Db) {
  const rows = Object.fromEntries(
    TABLES.map((table) => [table, (db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n]),
  ) as Record<(typeof TABLES)[number], number>;
  const stock = db.$client.prepare("SELECT id, quantity, name, price, removed_at FROM products ORDER BY id").all();
  const inventory = db.$client.prepare("SELECT id, quantity FROM inventory_items ORDER BY id").all();
  const balances = db.$client.prepare("SELECT name, balance FROM accounts ORDER BY name").all();
  return { rows, stock, inventory, balances, escrow: balanceOf(db, "escrow") };
}

/** The Refusal `work` throws; fails the test when it throws nothing or something else. */
export function refusalOf(work: () => unknown): Refusal {
  try {
    work();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
