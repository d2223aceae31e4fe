import { and, eq, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { param, preparedFor } from "./prepared.js";
import { discordCursors, discordHandledMessages } from "./schema.js";

// Discord ids are snowflakes of different lengths: compared as numbers (they fit SQLite's 64-bit integers).
const statements = preparedFor((db) => ({
  cursor: db
    .select({ id: discordCursors.lastMessageId })
    .from(discordCursors)
    .where(eq(discordCursors.channelId, param("channelId")))
    .prepare(),
  handled: db
    .select({ id: discordHandledMessages.messageId })
    .from(discordHandledMessages)
    .where(
      and(
        eq(discordHandledMessages.channelId, param("channelId")),
        eq(discordHandledMessages.messageId, param("messageId")),
      ),
    )
    .prepare(),
  markHandled: db
    .insert(discordHandledMessages)
    .values({
      channelId: sql.placeholder("channelId"),
      messageId: sql.placeholder("messageId"),
      handledAt: sql.placeholder("now"),
    })
    .onConflictDoNothing()
    .prepare(),
  moveCursor: db
    .insert(discordCursors)
    .values({
      channelId: sql.placeholder("channelId"),
      lastMessageId: sql.placeholder("messageId"),
      updatedAt: sql.placeholder("now"),
    })
    .onConflictDoUpdate({
      target: discordCursors.channelId,
      set: { lastMessageId: sql`excluded.last_message_id`, updatedAt: sql`excluded.updated_at` },
    })
    .prepare(),
  forgetPassed: db
    .delete(discordHandledMessages)
    .where(
      and(
        eq(discordHandledMessages.channelId, param("channelId")),
        sql`cast(${discordHandledMessages.messageId} as integer) <= cast(${param("messageId")} as integer)`,
      ),
    )
    .prepare(),
}));

/** The channel's cursor: every message up to this one is handled. Null before the first catch-up. */
export function channelCursor(db: Db, channelId: string): string | null {
  return statements(db).cursor.get({ channelId })?.id ?? null;
}

/** Whether the bot handled this message: at or below the cursor, or kept as handled above it. */
export function isMessageHandled(db: Db, channelId: string, messageId: string): boolean {
  const cursor = channelCursor(db, channelId);
  if (cursor !== null && BigInt(messageId) <= BigInt(cursor)) return true;
  return statements(db).handled.get({ channelId, messageId }) !== undefined;
}

/**
 * Records that the bot handled a message (saved its memory, took its answer). The cursor does not
 * move: older messages may still be unread or being saved, so the id is kept above it until a
 * catch-up passes it.
 */
export function markMessageHandled(db: Db, channelId: string, messageId: string, now = new Date()): void {
  const cursor = channelCursor(db, channelId);
  if (cursor !== null && BigInt(messageId) <= BigInt(cursor)) return;
  statements(db).markHandled.run({ channelId, messageId, now: isoNow(now) });
}

/**
 * Moves the cursor to a message, which the caller has seen handled along with every message
 * before it (a catch-up reading the history in order). It only moves forward, so a late call
 * never rewinds it; the handled ids it passes are forgotten. Returns whether it moved.
 */
export function moveCursor(db: Db, channelId: string, messageId: string, now = new Date()): boolean {
  return inTransaction(db, () => {
    const cursor = channelCursor(db, channelId);
    if (cursor !== null && BigInt(cursor) >= BigInt(messageId)) return false;
    statements(db).moveCursor.run({ channelId, messageId, now: isoNow(now) });
    statements(db).forgetPassed.run({ channelId, messageId });
    return true;
  });
}
