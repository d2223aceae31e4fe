import { createHash } from "node:crypto";
import {
  announcesAnEvent,
  markDelivered,
  markDeliveredTogether,
  markFailed,
  markNotAnnounced,
  type OutboxEvent,
  pendingEvents,
  pendingEventsFor,
} from "@spankbank/db/outbox";
import { type PartnerWithDay, partnersWithDays } from "@spankbank/db/partnerDays";
import { DISCORD_MESSAGE_MAX } from "@spankbank/shared/limits";
import type { Client } from "discord.js";
import type { BotContext } from "../context.js";
import { redactTokens } from "../logging.js";
import { botMessageSince, postMessage } from "../post.js";
import { announcementOf } from "./announcements.js";
import { noLongerTrue } from "./noLongerTrue.js";
import { holdingFor, isAsleep, quietDecision } from "./quietHours.js";

/**
 * An event pending longer than this may have been posted unheard longer ago than Discord remembers
 * its nonce ("the past few minutes"): the bot died between Discord taking it and marking it
 * delivered, or every answer was lost. Such an event is looked for in its channel before it is posted.
 */
export const NONCE_MAY_BE_FORGOTTEN_MS = 2 * 60_000;

/** How often the bot looks for events the web wrote (the server is another process). */
export const OUTBOX_POLL_MS = 2000;

/**
 * Announces every pending outbox event, oldest first. Each post carries the nonce
 * `outbox-<id>`, so a post sent just before a crash and sent again after the restart is one
 * Discord message; an event pending longer than Discord may remember that nonce is first looked
 * for in its channel (NONCE_MAY_BE_FORGOTTEN_MS). The message id is recorded in the same write
 * that marks the event delivered.
 * A failure is retried later with a growing wait (markFailed), and holds back only the events
 * for the same channel in this round (they keep their order there); other channels go on. An
 * event whose channel is not configured is "not announced", said once in the log per kind.
 * Quiet hours (quietHours.ts) decide per event: posted now (silently while the recipient sleeps),
 * held, or gathered into the recipient's morning digest.
 */
export async function deliverPending(client: Client, context: BotContext, now = new Date()): Promise<number> {
  let delivered = 0;
  const failedChannels = new Set<string>();
  const partners = partnersWithDays(context.db, context.config);
  const digests = new Map<number, PartnerWithDay>();
  for (const event of pendingEvents(context.db, 20, now, holdingFor(partners, now))) {
    if (withdrawnAsNoLongerTrue(context, event, partners, now)) continue;
    const decision = quietDecision(event, partners, now);
    if (decision.kind === "hold") continue;
    if (decision.kind === "digest") {
      digests.set(decision.recipient.userId, decision.recipient);
      continue;
    }
    const { channelId, ...post } = announcementOf(event, context);
    if (!channelId) {
      markNotAnnounced(context.db, event.id, "no channel configured", now);
      sayOnceNotAnnounced(context, event.kind);
      continue;
    }
    if (failedChannels.has(channelId)) continue;
    try {
      const createdMs = Date.parse(event.createdAt);
      const postedUnheard =
        now.getTime() - createdMs > NONCE_MAY_BE_FORGOTTEN_MS
          ? // The same words may announce another event (two nudges): a message recorded for one is not this one's.
            await botMessageSince(
              client,
              channelId,
              createdMs,
              (message) => message.content === post.content && !announcesAnEvent(context.db, message.id),
            )
          : undefined;
      const messageId =
        postedUnheard?.id ??
        (await postMessage(client, channelId, {
          ...post,
          nonce: `outbox-${event.id}`,
          silent: decision.silent,
        }));
      markDelivered(context.db, event.id, messageId, now);
      delivered++;
    } catch (error) {
      const message = redactTokens((error as Error).message);
      console.error(`Announcing ${event.kind} #${event.id} failed; will retry:`, message);
      markFailed(context.db, event.id, message, now);
      failedChannels.add(channelId);
    }
  }
  for (const recipient of digests.values()) {
    delivered += await deliverDigest(client, context, recipient, partners, now);
  }
  return delivered;
}

/** An announcement that stopped being true while it waited is handled, never posted (`noLongerTrue`). */
function withdrawnAsNoLongerTrue(
  context: BotContext,
  event: OutboxEvent,
  partners: readonly PartnerWithDay[],
  now: Date,
): boolean {
  const why = noLongerTrue(event, partners, now);
  if (why !== null) markNotAnnounced(context.db, event.id, why, now);
  return why !== null;
}

/**
 * Posts what came for `recipient` while they slept as one morning message (more only past
 * Discord's 2000 characters), in the announcements channel. A digest posted unheard is found in the
 * channel first, and its nonce (named by its events) makes a resend after a crash the same message;
 * the events a message says are marked delivered with it in one statement, and news that joined
 * after it was tried goes in the next digest: each exactly once, none lost across a restart.
 */
async function deliverDigest(
  client: Client,
  context: BotContext,
  recipient: PartnerWithDay,
  partners: readonly PartnerWithDay[],
  now: Date,
): Promise<number> {
  const events = pendingEventsFor(context.db, recipient.userId).filter(
    (event) =>
      isAsleep(recipient, new Date(event.createdAt)) && !withdrawnAsNoLongerTrue(context, event, partners, now),
  );
  const opening = `☀️ <@${recipient.discordId}>, while you slept:`;
  const chunks: { events: OutboxEvent[]; lines: string[]; channelId: string; mentions: Set<string> }[] = [];
  for (const event of events) {
    const announcement = announcementOf(event, context);
    const channelId = context.config.discord.announcementsChannelId ?? announcement.channelId;
    if (!channelId) {
      markNotAnnounced(context.db, event.id, "no channel configured", now);
      sayOnceNotAnnounced(context, event.kind);
      continue;
    }
    const line = `• ${announcement.content}`;
    let chunk = chunks.at(-1);
    const length = chunk ? [opening, ...chunk.lines, line].join("\n").length : 0;
    if (!chunk || chunk.channelId !== channelId || length > DISCORD_MESSAGE_MAX) {
      chunk = { events: [], lines: [], channelId, mentions: new Set([recipient.discordId]) };
      chunks.push(chunk);
    }
    chunk.events.push(event);
    chunk.lines.push(line.slice(0, DISCORD_MESSAGE_MAX - opening.length - 1));
    for (const id of announcement.mentionUserIds ?? []) chunk.mentions.add(id);
  }
  let delivered = 0;
  for (const chunk of chunks) {
    const ids = chunk.events.map((event) => event.id);
    const content = [opening, ...chunk.lines].join("\n");
    try {
      // A digest posted unheard (its answer lost, or the bot died waiting) is found in the channel,
      // not posted twice. Looked for every time: it is once a morning, and a bot down at the
      // partner's waking comes back past the nonce's minutes.
      const latestEventMs = Math.max(...chunk.events.map((event) => Date.parse(event.createdAt)));
      const postedUnheard = await botMessageSince(
        client,
        chunk.channelId,
        latestEventMs,
        (message) =>
          linesHeldIn(message.content, opening, chunk.lines).includes(true) &&
          !announcesAnEvent(context.db, message.id),
      );
      if (postedUnheard) {
        // News that came after it was tried is not in it: it waits for the next digest.
        const held = linesHeldIn(postedUnheard.content, opening, chunk.lines);
        const heldIds = ids.filter((_, i) => held[i]);
        markDeliveredTogether(context.db, heldIds, postedUnheard.id, now);
        delivered += heldIds.length;
        if (heldIds.length < ids.length) break;
        continue;
      }
      const messageId = await postMessage(client, chunk.channelId, {
        content,
        nonce: digestNonce(ids),
        mentionUserIds: [...chunk.mentions],
      });
      markDeliveredTogether(context.db, ids, messageId, now);
      delivered += ids.length;
    } catch (error) {
      const message = redactTokens((error as Error).message);
      console.error(`Posting the morning digest of ${recipient.username} failed; will retry:`, message);
      for (const id of ids) markFailed(context.db, id, message, now);
      break;
    }
  }
  return delivered;
}

/**
 * A digest's nonce names its exact events: Discord answers a nonce it has seen with the message
 * already made, so a retry carrying news the first try did not would be told it was posted.
 */
const digestNonce = (ids: readonly number[]) =>
  `digest-${createHash("sha256").update(ids.join(",")).digest("base64url").slice(0, 16)}`;

/** Which of `lines` a digest's `content` says, each line of it matched once. */
function linesHeldIn(content: string, opening: string, lines: readonly string[]): boolean[] {
  if (!content.startsWith(`${opening}\n`)) return lines.map(() => false);
  // A line's own line breaks begin with "> " or "`" (quotes, a command), never with "• ".
  const said = content
    .slice(opening.length)
    .split("\n• ")
    .slice(1)
    .map((line) => `• ${line}`);
  return lines.map((line) => {
    const at = said.indexOf(line);
    if (at !== -1) said.splice(at, 1);
    return at !== -1;
  });
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
