import { questionIdByDiscordMessage } from "@spankbank/db/questions";
import { DAY_MS } from "@spankbank/shared/calendar";
import { CATCH_UP_PAGES_MAX, RECHECKED_MEMORY_DAYS } from "@spankbank/shared/limits";
import type { Client, ThreadChannel } from "discord.js";
import type { BotContext } from "../context.js";

/** Whether a channel is the thread opened on a question's post (a thread made from a message takes its id). */
export function isQuestionThread(channelId: string, { db }: BotContext): boolean {
  return questionIdByDiscordMessage(db, channelId) !== null;
}

/**
 * The threads opened on question posts in the questions channel that may hold replies the bot
 * has not read: every active one, and those archived in the RECHECKED_MEMORY_DAYS before `now`,
 * the span a restarted bot reads its recent messages back for (a thread is archived after its last
 * message, so one archived earlier holds nothing newer). Throws when Discord cannot list them.
 */
export async function recentQuestionThreads(
  client: Client,
  context: BotContext,
  now = new Date(),
): Promise<ThreadChannel[]> {
  const since = new Date(now.getTime() - RECHECKED_MEMORY_DAYS * DAY_MS);
  const channelId = context.config.discord.questionsChannelId;
  if (!channelId) return [];
  const channel = await client.channels.fetch(channelId);
  if (!channel || !("threads" in channel)) return [];
  const found = [...(await channel.threads.fetchActive()).threads.values()];
  let before: number | undefined;
  // Most recently archived first: the listing stops at the first one archived before `since`.
  for (let page = 0; page < CATCH_UP_PAGES_MAX; page++) {
    const archived = await channel.threads.fetchArchived({ before });
    const recent = [...archived.threads.values()].filter((thread) => (thread.archiveTimestamp ?? 0) >= since.getTime());
    found.push(...recent);
    before = recent.at(-1)?.archiveTimestamp ?? undefined;
    if (!archived.hasMore || recent.length < archived.threads.size || before === undefined) break;
  }
  return found.filter((thread) => isQuestionThread(thread.id, context));
}
