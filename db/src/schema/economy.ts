import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

export const ACCOUNT_KINDS = ["user", "charity", "escrow", "mint"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * Ledger accounts: one per partner, plus charity, escrow (paid-for favours not yet confirmed) and
 * mint (where earned spanks come from; the only account allowed below zero).
 * `balance` is a cache of credits minus debits, kept in the same transaction as each transfer.
 */
export const accounts = sqliteTable(
  "accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ACCOUNT_KINDS }).notNull(),
    /** `user:<username>`, `charity`, `escrow` or `mint`. */
    name: text("name").notNull().unique(),
    userId: integer("user_id")
      .unique()
      .references(() => users.id),
    balance: integer("balance").notNull().default(0),
  },
  (t) => [
    check("accounts_never_negative", sql`${t.balance} >= 0 OR ${t.kind} = 'mint'`),
    check("accounts_user_link", sql`(${t.kind} = 'user') = (${t.userId} IS NOT NULL)`),
  ],
);

export const TRANSFER_KINDS = [
  "starting",
  "award",
  "workout",
  "answer",
  "purchase",
  "confirm",
  "donation",
  "demo",
  "refund",
  "guess",
  "bounty",
  "bounty_payout",
  "bounty_refund",
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** One immutable movement of spanks from one account to another. */
export const transfers = sqliteTable(
  "transfers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    debitAccountId: integer("debit_account_id")
      .notNull()
      .references(() => accounts.id),
    creditAccountId: integer("credit_account_id")
      .notNull()
      .references(() => accounts.id),
    amount: integer("amount").notNull(),
    kind: text("kind", { enum: TRANSFER_KINDS }).notNull(),
    /** What caused it, e.g. `purchase:12`, `workout:4`, `answer:7:2`. */
    reference: text("reference").notNull(),
    memo: text("memo").notNull(),
    debitBalanceAfter: integer("debit_balance_after").notNull(),
    creditBalanceAfter: integer("credit_balance_after").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("transfers_debit").on(t.debitAccountId, t.id),
    index("transfers_credit").on(t.creditAccountId, t.id),
    index("transfers_kind_reference").on(t.kind, t.reference),
    // A year's earnings, spending and donations (Our year) read only that year's transfers, from the index alone.
    index("transfers_created").on(t.createdAt, t.kind, t.creditAccountId, t.debitAccountId, t.amount),
    // A declined or expired favour is refunded once: `decline:<redemption>`, `expiry:<purchase>`.
    uniqueIndex("transfers_refund_once").on(t.reference).where(sql`${t.kind} = 'refund'`),
    // A nailed guess rewards each partner once per question: `guess:<question>:<partner>`.
    uniqueIndex("transfers_guess_once").on(t.reference).where(sql`${t.kind} = 'guess'`),
    // A bounty's reward enters escrow once and leaves it once (paid or refunded): `bounty:<id>`.
    uniqueIndex("transfers_bounty_posted_once").on(t.reference).where(sql`${t.kind} = 'bounty'`),
    uniqueIndex("transfers_bounty_settled_once")
      .on(t.reference)
      .where(sql`${t.kind} IN ('bounty_payout', 'bounty_refund')`),
    check("transfers_amount_positive", sql`${t.amount} > 0`),
    check("transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);
