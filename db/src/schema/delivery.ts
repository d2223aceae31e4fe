import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

export const OUTBOX_KINDS = [
  "workout_logged",
  "item_bought",
  "item_redeemed",
  "redemption_confirmed",
  "redemption_declined",
  "favour_expiring",
  "favour_expired",
  "answer_given",
  "answers_revealed",
  "spanks_awarded",
  "donation_made",
  "operator_alert",
  "letter_opened",
  "visit_countdown",
  "partner_nudged",
  "streak_milestone",
  "guess_nailed",
  "bounty_posted",
  "bounty_done",
  "bounty_approved",
  "bounty_sent_back",
  "bounty_refunded",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** Events the bot must announce, written in the same transaction as the change they announce. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: OUTBOX_KINDS }).notNull(),
    payload: text("payload", { mode: "json" }).notNull(),
    createdAt: text("created_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Not retried before this time (backoff after a Discord error). */
    nextAttemptAt: text("next_attempt_at"),
    /** The announcement's Discord message, recorded with delivery: an event with one is never sent again. */
    discordMessageId: text("discord_message_id"),
    deliveredAt: text("delivered_at"),
    /**
     * The partner the event is for (quiet hours follow their sleep window, on their clock); null
     * when it is for both of you (silent while either sleeps, never held for a digest).
     */
    recipientUserId: integer("recipient_user_id").references(() => users.id),
  },
  (t) => [index("outbox_pending").on(t.deliveredAt, t.id)],
);

/**
 * The outcome of a keyed write (its answer or the Refusal), remembered per partner and
 * Idempotency-Key, so a retried write happens once and gets the same answer (onceForKey.ts).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    /** What the key asked for, e.g. `productId=3`: reusing the key for another request is refused. */
    request: text("request").notNull(),
    /** `{"answer": ...}` (`{"purchase": ...}` before) or `{"refusal": {"code", "message"}}`. */
    outcome: text("outcome").notNull(),
    createdAt: text("created_at").notNull(),
  },
  // By age, so forgetting expired keys reads only the expired ones.
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);

/**
 * How far the bot has handled a channel it reads (memories, questions): every message up to
 * `last_message_id` is handled (a low-water mark). After a restart or a new gateway session it
 * reads the channel from here on, so nothing posted while it was not listening is lost.
 */
export const discordCursors = sqliteTable("discord_cursors", {
  channelId: text("channel_id").primaryKey(),
  lastMessageId: text("last_message_id").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/**
 * Messages the bot handled above its channel's cursor (heard live while older ones were unread
 * or still being saved): a catch-up passes over them, and forgets them once the cursor does.
 */
export const discordHandledMessages = sqliteTable(
  "discord_handled_messages",
  {
    channelId: text("channel_id").notNull(),
    messageId: text("message_id").notNull(),
    handledAt: text("handled_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.messageId] })],
);
