import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

export const OUTBOX_KINDS = [
  "workout_logged",
  "item_bought",
  "item_redeemed",
  "redemption_confirmed",
  "answer_given",
  "answers_revealed",
  "spanks_awarded",
  "donation_made",
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
  },
  (t) => [index("outbox_pending").on(t.deliveredAt, t.id)],
);

/** Replies remembered per user and Idempotency-Key, so a retried request happens once. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    /** The request the key answered, e.g. `POST /api/purchase productId=3`: reuse for another is refused. */
    route: text("route").notNull(),
    statusCode: integer("status_code").notNull(),
    body: text("body").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
