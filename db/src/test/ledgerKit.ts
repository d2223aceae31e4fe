import { type Db, inTransaction } from "../client.js";
import { balanceOf, transfer } from "../ledger.js";

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

/** Row counts, stock, inventory and balances: equal before and after means nothing was written. */
export function economySnapshot(db: Db) {
  const rows = Object.fromEntries(
    TABLES.map((table) => [table, (db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n]),
  ) as Record<(typeof TABLES)[number], number>;
  const stock = db.$client.prepare("SELECT * FROM products ORDER BY id").all();
  const inventory = db.$client.prepare("SELECT * FROM inventory_items ORDER BY id").all();
  const balances = db.$client.prepare("SELECT name, balance FROM accounts ORDER BY name").all();
  return { rows, stock, inventory, balances, escrow: balanceOf(db, "escrow") };
}
