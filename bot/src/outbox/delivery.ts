import { markDelivered, markFailed, pendingEvents } from "@spankbank/db/outbox";
import type { Client } from "discord.js";
import type { BotContext } from "../context.js";
import { postMessage } from "../post.js";
import { announcementOf } from "./announcements.js";

/** How often the bot looks for events the web wrote (the server is another process). */
export const OUTBOX_POLL_MS = 2000;

/**
 * Announces every pending outbox event, oldest first. Each post carries the nonce
 * `outbox-<id>`, so a post sent just before a crash and sent again after the restart is one
 * Discord message; the message id is recorded in the same write that marks the event delivered.
 * A failure is retried later with a growing wait (markFailed).
 */
export async function deliverPending(client: Client, context: BotContext): Promise<number> {
  let delivered = 0;
  for (const event of pendingEvents(context.db)) {
    const { channelId, ...post } = announcementOf(event, context);
    // No channel configured for it yet: it waits, nothing is lost.
    if (!channelId) continue;
    try {
      const messageId = await postMessage(client, channelId, { ...post, nonce: `outbox-${event.id}` });
      markDelivered(context.db, event.id, messageId);
      delivered++;
    } catch (error) {
      console.error(`Announcing ${event.kind} #${event.id} failed; will retry:`, (error as Error).message);
      markFailed(context.db, event.id, (error as Error).message);
    }
  }
  return delivered;
}

/** Delivers now, then every OUTBOX_POLL_MS, one round at a time. Returns stop(). */
export function startOutboxDelivery(client: Client, context: BotContext, pollMs = OUTBOX_POLL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const round = async () => {
    try {
      await deliverPending(client, context);
    } catch (error) {
      console.error("Outbox delivery round failed:", error);
    }
    if (!stopped) timer = setTimeout(round, pollMs);
  };
  void round();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
