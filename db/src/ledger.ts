import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal } from "./errors.js";
import { accounts, type TransferKind, transfers } from "./schema.js";

export type Transfer = typeof transfers.$inferSelect;
/** A partner's account by user id, or one of the house accounts by name. */
export type AccountRef = { userId: number } | "charity" | "escrow" | "mint";

export function accountIdOf(tx: Db | Tx, ref: AccountRef): number {
  const where = typeof ref === "string" ? eq(accounts.name, ref) : eq(accounts.userId, ref.userId);
  const row = tx.select({ id: accounts.id }).from(accounts).where(where).get();
  if (!row) throw new Error(`No ledger account for ${JSON.stringify(ref)}: was syncCouple run?`);
  return row.id;
}

export function balanceOf(tx: Db | Tx, ref: AccountRef): number {
  const where = typeof ref === "string" ? eq(accounts.name, ref) : eq(accounts.userId, ref.userId);
  return tx.select({ balance: accounts.balance }).from(accounts).where(where).get()?.balance ?? 0;
}

export interface TransferRequest {
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: TransferKind;
  reference: string;
  memo: string;
  now?: Date;
}

/**
 * Moves spanks between two accounts: one immutable transfer row and both cached balances, in the
 * caller's transaction. Refuses (and writes nothing) when the payer would go below zero.
 */
export function transfer(tx: Db | Tx, request: TransferRequest): Transfer {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw new Error(`A transfer moves a positive whole number of spanks, not ${request.amount}`);
  }
  const debitId = accountIdOf(tx, request.from);
  const creditId = accountIdOf(tx, request.to);
  if (request.from !== "mint" && balanceOf(tx, request.from) < request.amount) {
    throw new Refusal("conflict", "You do not have enough spanks.");
  }
  const debit = tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} - ${request.amount}` })
    .where(eq(accounts.id, debitId))
    .returning({ balance: accounts.balance })
    .get();
  const credit = tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${request.amount}` })
    .where(eq(accounts.id, creditId))
    .returning({ balance: accounts.balance })
    .get();
  return tx
    .insert(transfers)
    .values({
      debitAccountId: debitId,
      creditAccountId: creditId,
      amount: request.amount,
      kind: request.kind,
      reference: request.reference,
      memo: request.memo,
      debitBalanceAfter: debit.balance,
      creditBalanceAfter: credit.balance,
      createdAt: isoNow(request.now),
    })
    .returning()
    .get();
}

/** The ledger's invariants: each balance equals credits minus debits, and all balances sum to 0. */
export function checkLedger(db: Db): string[] {
  const problems: string[] = [];
  const rows = db.$client
    .prepare(
      `SELECT a.name, a.balance,
         COALESCE((SELECT SUM(amount) FROM transfers WHERE credit_account_id = a.id), 0)
       - COALESCE((SELECT SUM(amount) FROM transfers WHERE debit_account_id = a.id), 0) AS computed
       FROM accounts a`,
    )
    .all() as { name: string; balance: number; computed: number }[];
  for (const row of rows) {
    if (row.balance !== row.computed) {
      problems.push(`account ${row.name}: cached balance ${row.balance}, transfers say ${row.computed}`);
    }
  }
  const sum = rows.reduce((total, row) => total + row.balance, 0);
  if (sum !== 0) problems.push(`balances sum to ${sum}, not 0`);
  return problems;
}
