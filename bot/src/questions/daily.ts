import { dayIn } from "@spankbank/db/clock";
import { dailyQuestionToPost } from "@spankbank/db/questions";
import { Cron } from "croner";
import type { Client } from "discord.js";
import type { BotContext } from "../context.js";
import { postQuestion, questionPostedAfterAll } from "./post.js";

/** A failed daily post is tried again after this long, the same day. */
export const DAILY_RETRY_MS = 60_000;

/** "HH:MM" it is at `now` in a zone. */
function clockIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    now,
  );
}

/**
 * Posts the daily question at the configured time in the configured zone (croner does the
 * time-zone and DST arithmetic). The database decides whether today's is still to post, so a
 * restart or a second bot process never posts twice; a bot that was down at the time posts it
 * when it starts again the same day. Returns stop().
 */
export function scheduleDailyQuestion(client: Client, context: BotContext): () => void {
  const channelId = context.config.discord.questionsChannelId;
  if (!channelId) {
    console.log("Daily question is off: discord.questionsChannelId is not set in the couple config.");
    return () => {};
  }
  const { time, timeZone } = context.config.dailyQuestion;
  const [hour, minute] = time.split(":");
  let retry: NodeJS.Timeout | undefined;
  const postToday = async () => {
    clearTimeout(retry);
    const day = dayIn(timeZone, new Date());
    try {
      const question = dailyQuestionToPost(context.db, day, context.config.couple);
      if (!question) return;
      // Tried before: Discord may hold its post, unheard, made longer ago than it remembers a nonce.
      const postedUnheard =
        question.triedSince !== undefined &&
        (await questionPostedAfterAll(client, context, question, channelId, question.triedSince));
      if (!postedUnheard) await postQuestion(client, context, question, channelId);
    } catch (error) {
      console.error(`Posting the daily question of ${day} failed; trying again in a minute:`, error);
      retry = setTimeout(() => {
        if (dayIn(timeZone, new Date()) === day) void postToday();
      }, DAILY_RETRY_MS);
    }
  };
  const job = new Cron(`${Number(minute)} ${Number(hour)} * * *`, { timezone: timeZone }, () => postToday());
  // Catch up a post missed while the bot was down (or still to post after a crash).
  if (clockIn(timeZone, new Date()) >= time) void postToday();
  return () => {
    job.stop();
    clearTimeout(retry);
  };
}
