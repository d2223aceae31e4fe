import { TRANSACTIONS_PER_PAGE } from "@spankbank/shared/limits";
import { count, desc, eq, or } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.js";
import { Refusal } from "./errors.js";
import { accountIdOf } from "./ledger.js";
import { literal, param, preparedFor } from "./prepared.js";
import type { TransferKind } from "./schema.js";
import { transfers } from "./schema.js";
import { keptUntilWritten } from "./untilWritten.js";

/** One transfer seen from a partner's side. */
export interface StatementLine {
  id: number;
  kind: TransferKind;
  /** Positive came in, negative went out. */
  amount: number;
  memo: string;
  createdAt: string;
  balanceAfter: number;
}

export interface Statement {
  transactions: StatementLine[];
  page: number;
  pageCount: number;
}

const statements = preparedFor((db) => {
  const paid = eq(transfers.debitAccountId, param("accountId"));
  const received = eq(transfers.creditAccountId, param("accountId"));
  return {
    count: db.select({ n: count() }).from(transfers).where(or(paid, received)).prepare(),
    // Two id-ordered index reads (transfers_debit, transfers_credit) merged, so a page never
    // sorts the account's whole history. A transfer never pays the account it comes from.
    page: unionAll(db.select().from(transfers).where(paid), db.select().from(transfers).where(received))
      .orderBy(desc(transfers.id))
      .limit(literal(TRANSACTIONS_PER_PAGE))
      .offset(param("offset"))
      .prepare(),
  };
});

/** A partner's transfers, newest first, one page of TRANSACTIONS_PER_PAGE at a time. */
export function listTransactions(db: Db, userId: number, page = 1): Statement {
  if (!Number.isSafeInteger(page) || page < 1) throw new Refusal("invalid", "page must be a whole number from 1.");
  const accountId = accountIdOf(db, { userId });
  const prepared = statements(db);
  // Counting walks the account's whole history: counted again only after a write.
  const total = keptUntilWritten(
    db,
    `transfers of account ${accountId}`,
    () => prepared.count.get({ accountId })?.n ?? 0,
  );
  const rows = prepared.page.all({ accountId, offset: (page - 1) * TRANSACTIONS_PER_PAGE });
  return {
    transactions: rows.map((row) => {
      const incoming = row.creditAccountId === accountId;
      return {
        id: row.id,
        kind: row.kind,
        amount: incoming ? row.amount : -row.amount,
        memo: row.memo,
        createdAt: row.createdAt,
        balanceAfter: incoming ? row.creditBalanceAfter : row.debitBalanceAfter,
      };
    }),
    page,
    pageCount: Math.max(1, Math.ceil(total / TRANSACTIONS_PER_PAGE)),
  };
}
