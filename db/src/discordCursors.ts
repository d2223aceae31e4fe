import { eq } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { discordCursors } from "./schema.js";

/** The newest message the bot handled in a channel; null before the first one. */
export function lastSeenMessage(db: Db, channelId: string): string | null {
  return (
    db
      .select({ id: discordCursors.lastMessageId })
      .from(discordCursors)
      .where(eq(discordCursors.channelId, channelId))
      .get()?.id ?? null
  );
}

/**
 * Records that the bot handled a message in a channel. The cursor only moves forward (Discord
 * ids grow with time, compared as numbers: they are not all the same length), so a late event
 * never rewinds it. Returns whether it moved.
 */
export function markMessageSeen(db: Db, channelId: string, messageId: string, now = new Date()): boolean {
  return inTransaction(db, (tx) => {
    const last = lastSeenMessage(tx, channelId);
    if (last !== null && BigInt(last) >= BigInt(messageId)) return false;
    const row = { lastMessageId: messageId, updatedAt: isoNow(now) };
    tx.insert(discordCursors)
      .values({ channelId, ...row })
      .onConflictDoUpdate({ target: discordCursors.channelId, set: row })
      .run();
    return true;
  });
}
