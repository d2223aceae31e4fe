import { setTimeout as sleep } from "node:timers/promises";
import { channelCursor, isMessageHandled, moveCursor } from "@spankbank/db/discordCursors";
import { CATCH_UP_PAGES_MAX, CATCH_UP_RETRY_DELAYS_MS, DISCORD_HISTORY_PAGE_MAX } from "@spankbank/shared/limits";
import {
  type Client,
  type Collection,
  DiscordAPIError,
  type Message,
  RESTJSONErrorCodes,
  type TextBasedChannel,
  type ThreadChannel,
} from "discord.js";
import type { BotContext } from "../context.js";
import { logError } from "../logging.js";
import { recheckRecentMemories } from "../memories/recheck.js";
import { recentQuestionThreads } from "../questions/threads.js";
import { isStopping, stopSignal, track } from "../workInProgress.js";
import { onMessageCreate, readChannels, recheckRecentReplies, recheckRefusedPosts } from "./messages.js";

/** A cursor before every message of a channel. */
const BEGINNING = "0";

export interface CatchUpPass {
  /** Messages handled (those handled live before are passed over, not counted). */
  read: number;
  /** Whether every channel open to the bot was read to its end with every message handled. */
  done: boolean;
  /** Whether a read or a message failed (a pass that only reached its page bound did not). */
  failed: boolean;
  /** Set when a channel or thread Discord keeps closed to the bot (no access, or gone) was passed over. */
  shut?: true;
}

/** Discord's answers for a channel the bot may not read (any more), or that is gone. */
const CLOSED_TO_THE_BOT = new Set<number | string>([
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.MissingPermissions,
]);

/**
 * One pass over what was posted in the memories and questions channels, and in the threads opened
 * on questions, while the bot was not listening (stopped, crashed, or a new gateway session that
 * replays nothing): from each channel's cursor, oldest first, page by page, each message handled
 * as if it had just arrived. A message handled live is passed over. The cursor moves over a
 * message only once it and every message before it are handled, so a failure or a stop leaves it
 * before what is left. With no cursor yet (the first start), a channel's latest page is read, and
 * the log says so; a question's thread is read from its first message. A channel or thread Discord
 * keeps closed to the bot (its access taken away, or deleted) is passed over (`shut`), its cursor kept.
 */
export async function catchUp(client: Client, context: BotContext): Promise<CatchUpPass> {
  const pass: CatchUpPass = { read: 0, done: true, failed: false };
  const add = (part: CatchUpPass) => {
    pass.read += part.read;
    pass.done &&= part.done;
    pass.failed ||= part.failed;
  };
  const failed = (what: string, error: unknown) => {
    if (error instanceof DiscordAPIError && CLOSED_TO_THE_BOT.has(error.code)) {
      pass.shut = true;
      logError(`Discord does not let the bot read ${what} (tried again later)`, error);
      return;
    }
    add({ read: 0, done: false, failed: true });
    logError(`Catching up on ${what} failed (tried again shortly)`, error);
  };
  for (const channelId of readChannels(context)) {
    try {
      add(await catchUpChannel(client, channelId, context));
    } catch (error) {
      failed(`channel ${channelId}`, error);
    }
  }
  try {
    for (const thread of await recentQuestionThreads(client, context)) {
      if (isStopping(context)) {
        pass.done = false;
        break;
      }
      try {
        // A thread on a question is small and all of it is about that question: read from its first message.
        add(await catchUpMessages(thread, channelCursor(context.db, thread.id) ?? BEGINNING, context));
      } catch (error) {
        failed(`the question's thread ${thread.id}`, error);
      }
    }
  } catch (error) {
    failed("the questions' threads", error);
  }
  const { read } = pass;
  if (read > 0) console.log(`Caught up on ${read} message${read === 1 ? "" : "s"} posted while the bot was away.`);
  return pass;
}

async function catchUpChannel(client: Client, channelId: string, context: BotContext): Promise<CatchUpPass> {
  const channel = await client.channels.fetch(channelId);
  if (!channel?.isTextBased() || !("messages" in channel)) return { read: 0, done: true, failed: false };
  const after = channelCursor(context.db, channelId);
  if (after === null) {
    console.log(
      `First start in channel ${channelId}: reading its latest ${DISCORD_HISTORY_PAGE_MAX} messages (a partner's become memories or answers; see README, 'The Discord bot').`,
    );
  }
  return catchUpMessages(channel, after, context);
}

/** A channel's messages after `after` (its latest page when null), each unhandled one handled, the cursor moved past them. */
async function catchUpMessages(
  channel: TextBasedChannel | ThreadChannel,
  after: string | null,
  context: BotContext,
): Promise<CatchUpPass> {
  const channelId = channel.id;
  let read = 0;
  // Whether every message read so far is handled: only then may the cursor move.
  let handledSoFar = true;
  for (let page = 0; page < CATCH_UP_PAGES_MAX; page++) {
    const messages: Collection<string, Message> = await channel.messages.fetch(
      after ? { after, limit: DISCORD_HISTORY_PAGE_MAX } : { limit: DISCORD_HISTORY_PAGE_MAX },
    );
    const oldestFirst = [...messages.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    // An empty channel at the first start: all it will hold is posted later, read from its beginning.
    if (after === null && oldestFirst.length === 0) moveCursor(context.db, channelId, BEGINNING);
    for (const message of oldestFirst) {
      if (isStopping(context)) return { read, done: false, failed: !handledSoFar };
      if (!isMessageHandled(context.db, channelId, message.id)) {
        read++;
        try {
          await onMessageCreate(message, context);
        } catch (error) {
          handledSoFar = false;
          logError(`Catching up on message ${message.id} failed (tried again shortly)`, error);
        }
      }
      if (handledSoFar) moveCursor(context.db, channelId, message.id);
    }
    // Without a cursor only the latest page is read; a short page is the end of the history.
    if (!after || oldestFirst.length < DISCORD_HISTORY_PAGE_MAX)
      return { read, done: handledSoFar, failed: !handledSoFar };
    after = oldestFirst.at(-1)!.id;
  }
  return { read, done: false, failed: !handledSoFar };
}

const passes = new WeakMap<BotContext, { again: boolean; finished: Promise<void> }>();

/**
 * Catches up, again at once while a pass stopped at its page bound, and again after a wait
 * (`delaysMs`, the last repeated) while one failed, until a pass reads every channel to its end
 * with every message handled, or the bot stops. Called while passes run (a new gateway session),
 * it asks for one more pass once they are done. Once every channel open to it is read, the recent
 * memories, question replies and refused posts are read back from Discord for edits and deletions it
 * heard nothing of (`recheckRecentMemories`, `recheckRecentReplies`, `recheckRefusedPosts`). A channel closed to the bot holds none of
 * that back: it is tried again after the waits, and read back once more when it opens. Resolves when done.
 */
export function keepCatchingUp(
  client: Client,
  context: BotContext,
  delaysMs: readonly number[] = CATCH_UP_RETRY_DELAYS_MS,
): Promise<void> {
  const running = passes.get(context);
  if (running) {
    running.again = true;
    return running.finished;
  }
  const state = { again: false, finished: Promise.resolve() };
  state.finished = track(
    context,
    (async () => {
      let failures = 0;
      // Read back once while a channel stays closed to the bot, and again once it opens.
      let readBackWhileShut = false;
      try {
        while (!isStopping(context)) {
          state.again = false;
          const pass = await catchUp(client, context);
          if (pass.done && !state.again && !(pass.shut && readBackWhileShut)) {
            const changed =
              (await recheckRecentMemories(client, context)) +
              (await recheckRecentReplies(client, context)) +
              (await recheckRefusedPosts(client, context));
            if (changed > 0)
              console.log(`Applied ${changed} edit(s) or deletion(s) made in Discord while the bot was away.`);
            if (!pass.shut) return;
            readBackWhileShut = true;
          }
          if (!pass.failed && !pass.shut) continue;
          const delay = delaysMs[Math.min(failures++, delaysMs.length - 1)]!;
          await sleep(delay, undefined, { signal: stopSignal(context) }).catch(() => {});
        }
      } finally {
        passes.delete(context);
      }
    })(),
  );
  passes.set(context, state);
  return state.finished;
}
