import { lastSeenMessage } from "@spankbank/db/discordCursors";
import type { Client, Collection, Message } from "discord.js";
import type { BotContext } from "../context.js";
import { logError } from "../logging.js";
import { onMessageCreate, readChannels } from "./messages.js";

/** Discord's largest page of channel history. */
const PAGE_SIZE = 100;
/** At most this many pages per channel per catch-up (2,000 messages): a start never reads years of history. */
export const CATCH_UP_MAX_PAGES = 20;

const running = new WeakSet<BotContext>();

/**
 * Reads what was posted in the memories and questions channels while the bot was not listening
 * (stopped, crashed, or a new gateway session that replays nothing) and handles it as if it had
 * just arrived: from the last message it handled, oldest first, page by page, bounded. Handling
 * is idempotent by Discord message id (a memory is made once; the same answer again changes
 * nothing). With no message seen yet in a channel, the latest page is read. Returns how many
 * messages it read.
 */
export async function catchUp(client: Client, context: BotContext): Promise<number> {
  // A second session that turns ready while one catch-up runs leaves it to finish.
  if (running.has(context)) return 0;
  running.add(context);
  let read = 0;
  try {
    for (const channelId of readChannels(context)) {
      try {
        read += await catchUpChannel(client, channelId, context);
      } catch (error) {
        logError(`Catching up on channel ${channelId} failed (tried again at the next session)`, error);
      }
    }
  } finally {
    running.delete(context);
  }
  if (read > 0) console.log(`Caught up on ${read} message${read === 1 ? "" : "s"} posted while the bot was away.`);
  return read;
}

async function catchUpChannel(client: Client, channelId: string, context: BotContext): Promise<number> {
  const channel = await client.channels.fetch(channelId);
  if (!channel?.isTextBased() || !("messages" in channel)) return 0;
  let after = lastSeenMessage(context.db, channelId);
  let read = 0;
  for (let page = 0; page < CATCH_UP_MAX_PAGES; page++) {
    const messages: Collection<string, Message> = await channel.messages.fetch(
      after ? { after, limit: PAGE_SIZE } : { limit: PAGE_SIZE },
    );
    const oldestFirst = [...messages.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    for (const message of oldestFirst) {
      try {
        await onMessageCreate(message, context);
      } catch (error) {
        logError(`Catching up on message ${message.id} failed`, error);
      }
    }
    read += oldestFirst.length;
    // Without a cursor only the latest page is read; a short page is the end of the history.
    if (!after || oldestFirst.length < PAGE_SIZE) break;
    after = oldestFirst.at(-1)!.id;
  }
  return read;
}
