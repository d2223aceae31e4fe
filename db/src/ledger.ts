import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal } from "./errors.js";
import { param, preparedFor } from "./prepared.js";
import { accounts, type TransferKind, transfers } from "./schema.js";

export type Transfer = typeof transfers.$inferSelect;
/** A partner's account by user id, or one of the house accounts by name. */
export type AccountRef = { userId: number } | "charity" | "escrow" | "mint";

const statements = preparedFor((db) => {
  const byName = eq(accounts.name, param("name"));
  const byUser = eq(accounts.userId, param("userId"));
  const moveBy = (sign: "+" | "-") =>
    db
      .update(accounts)
      .set({ balance: sql`${accounts.balance} ${sql.raw(sign)} ${param("amount")}` })
      .where(eq(accounts.id, param("accountId")))
      .returning({ balance: accounts.balance })
      .prepare();
  return {
    idByName: db.select({ id: accounts.id }).from(accounts).where(byName).prepare(),
    idByUser: db.select({ id: accounts.id }).from(accounts).where(byUser).prepare(),
    balanceByName: db.select({ balance: accounts.balance }).from(accounts).where(byName).prepare(),
    balanceByUser: db.select({ balance: accounts.balance }).from(accounts).where(byUser).prepare(),
    debit: moveBy("-"),
    credit: moveBy("+"),
    record: db
      .insert(transfers)
      .values({
        debitAccountId: sql.placeholder("debitAccountId"),
        creditAccountId: sql.placeholder("creditAccountId"),
        amount: sql.placeholder("amount"),
        kind: sql.placeholder("kind"),
        reference: sql.placeholder("reference"),
        memo: sql.placeholder("memo"),
        debitBalanceAfter: sql.placeholder("debitBalanceAfter"),
        creditBalanceAfter: sql.placeholder("creditBalanceAfter"),
        createdAt: sql.placeholder("createdAt"),
      })
      .returning()
      .prepare(),
  };
});

export function accountIdOf(db: Db, ref: AccountRef): number {
  const prepared = statements(db);
  const row = typeof ref === "string" ? prepared.idByName.get({ name: ref }) : prepared.idByUser.get(ref);
  if (!row) throw new Error(`No ledger account for ${JSON.stringify(ref)}: was syncCouple run?`);
  return row.id;
}

export function balanceOf(db: Db, ref: AccountRef): number {
  const prepared = statements(db);
  const row = typeof ref === "string" ? prepared.balanceByName.get({ name: ref }) : prepared.balanceByUser.get(ref);
  return row?.balance ?? 0;
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
export function transfer(tx: Db, request: TransferRequest): Transfer {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw new Error(`A transfer moves a positive whole number of spanks, not ${request.amount}`);
  }
  const debitId = accountIdOf(tx, request.from);
  const creditId = accountIdOf(tx, request.to);
  if (request.from !== "mint" && balanceOf(tx, request.from) < request.amount) {
    throw new Refusal("conflict", "You do not have enough spanks.");
  }
  const prepared = statements(tx);
  const debit = prepared.debit.get({ accountId: debitId, amount: request.amount })!;
  const credit = prepared.credit.get({ accountId: creditId, amount: request.amount })!;
  return prepared.record.get({
    debitAccountId: debitId,
    creditAccountId: creditId,
    amount: request.amount,
    kind: request.kind,
    reference: request.reference,
    memo: request.memo,
    debitBalanceAfter: debit.balance,
    creditBalanceAfter: credit.balance,
    createdAt: isoNow(request.now),
  })!;
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
