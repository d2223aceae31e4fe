import { markDelivered, markFailed, markNotAnnounced, pendingEvents } from "@spankbank/db/outbox";
import type { Client } from "discord.js";
import type { BotContext } from "../context.js";
import { redactTokens } from "../logging.js";
import { postMessage } from "../post.js";
import { announcementOf } from "./announcements.js";

/** How often the bot looks for events the web wrote (the server is another process). */
export const OUTBOX_POLL_MS = 2000;

/**
 * Announces every pending outbox event, oldest first. Each post carries the nonce
 * `outbox-<id>`, so a post sent just before a crash and sent again after the restart is one
 * Discord message; the message id is recorded in the same write that marks the event delivered.
 * A failure is retried later with a growing wait (markFailed), and holds back only the events
 * for the same channel in this round (they keep their order there); other channels go on. An
 * event whose channel is not configured is "not announced", said once in the log per kind.
 */
export async function deliverPending(client: Client, context: BotContext): Promise<number> {
  let delivered = 0;
  const failedChannels = new Set<string>();
  for (const event of pendingEvents(context.db)) {
    const { channelId, ...post } = announcementOf(event, context);
    if (!channelId) {
      markNotAnnounced(context.db, event.id, "no channel configured");
      sayOnceNotAnnounced(context, event.kind);
      continue;
    }
    if (failedChannels.has(channelId)) continue;
    try {
      const messageId = await postMessage(client, channelId, { ...post, nonce: `outbox-${event.id}` });
      markDelivered(context.db, event.id, messageId);
      delivered++;
    } catch (error) {
      const message = redactTokens((error as Error).message);
      console.error(`Announcing ${event.kind} #${event.id} failed; will retry:`, message);
      markFailed(context.db, event.id, message);
      failedChannels.add(channelId);
    }
  }
  return delivered;
}

const saidNotAnnounced = new WeakMap<BotContext, Set<string>>();

function sayOnceNotAnnounced(context: BotContext, kind: string): void {
  const said = saidNotAnnounced.get(context) ?? new Set<string>();
  saidNotAnnounced.set(context, said);
  if (said.has(kind)) return;
  said.add(kind);
  console.log(
    `Not announcing ${kind} events: discord.announcementsChannelId is not set in the couple config (set it to have them posted).`,
  );
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
