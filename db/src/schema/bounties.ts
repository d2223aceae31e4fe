import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { transfers } from "./economy.js";
import { users } from "./people.js";

export const BOUNTY_STATUSES = ["open", "claimed", "done", "approved", "refunded"] as const;

/**
 * A bounty (issue 36): a task one partner posts for the other with a reward held in escrow from
 * the poster at once; paid to the doer on approval, or refunded to the poster once (withdrawn
 * while unclaimed, or past its due day before it was done).
 */
export const bounties = sqliteTable(
  "bounties",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    posterId: integer("poster_id")
      .notNull()
      .references(() => users.id),
    doerId: integer("doer_id").references(() => users.id),
    title: text("title").notNull(),
    reward: integer("reward").notNull(),
    status: text("status", { enum: BOUNTY_STATUSES }).notNull(),
    /** The last day on the poster's calendar, and the instant it ends. */
    dueDay: text("due_day"),
    dueAt: text("due_at"),
    doneNote: text("done_note"),
    /** The doer's optional photo of it done: its file in `media/` (a name we chose) and its type. */
    donePhotoFile: text("done_photo_file"),
    donePhotoType: text("done_photo_type"),
    sentBackReason: text("sent_back_reason"),
    createdAt: text("created_at").notNull(),
    claimedAt: text("claimed_at"),
    doneAt: text("done_at"),
    settledAt: text("settled_at"),
    /** Poster -> escrow, linked in the posting's transaction. */
    escrowTransferId: integer("escrow_transfer_id")
      .unique()
      .references(() => transfers.id),
    /** Escrow -> doer (approved) or escrow -> poster (refunded): one, once. */
    settleTransferId: integer("settle_transfer_id")
      .unique()
      .references(() => transfers.id),
  },
  (t) => [
    // The expiry check reads the unsettled by due instant; the list, unsettled then settled, newest first.
    index("bounties_by_status").on(t.status, t.dueAt, t.id),
    index("bounties_by_settled").on(t.settledAt, t.id),
    check("bounties_title_length", sql`length(${t.title}) BETWEEN 1 AND 100`),
    check("bounties_reward_range", sql`${t.reward} BETWEEN 1 AND 9999`),
    check("bounties_not_to_self", sql`${t.doerId} IS NULL OR ${t.doerId} <> ${t.posterId}`),
    check("bounties_claimed", sql`(${t.status} = 'open') = (${t.doerId} IS NULL) OR ${t.status} = 'refunded'`),
    check("bounties_done_note", sql`${t.status} NOT IN ('done', 'approved') OR ${t.doneNote} IS NOT NULL`),
    check(
      "bounties_settled",
      sql`(${t.status} IN ('approved', 'refunded')) = (${t.settledAt} IS NOT NULL AND ${t.settleTransferId} IS NOT NULL)`,
    ),
  ],
);
