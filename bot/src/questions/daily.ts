import { dayIn } from "@spankbank/db/clock";
import {
  dailyQuestionToPost,
  unpostedEarlierDailyQuestions,
  withdrawUnpostedDailyQuestion,
} from "@spankbank/db/questions";
import { Cron } from "croner";
import type { Client } from "discord.js";
import type { BotContext } from "../context.js";
import { postQuestion, questionPostedAfterAll } from "./post.js";

/** A failed daily post is tried again after this long, the same day. */
export const DAILY_RETRY_MS = 60_000;

/**
 * The daily questions of earlier days that never got their Discord message: each one Discord took
 * after all (the bot died before recording it) is recorded, so replies to it count; each it never
 * showed goes back to the bank, so a day nobody saw a question asked nothing. Throws when the
 * channel cannot be read (nothing is withdrawn then).
 */
async function settleEarlierDays(client: Client, context: BotContext, channelId: string, day: string): Promise<void> {
  for (const question of unpostedEarlierDailyQuestions(context.db, day)) {
    const posted = await questionPostedAfterAll(client, context, question, channelId, question.triedSince);
    if (posted) continue;
    if (withdrawUnpostedDailyQuestion(context.db, question.id)) {
      console.log(`The daily question of an earlier day (#${question.id}) was never posted; it goes back to the bank.`);
    }
  }
}

/**
 * Posts the daily question at the configured time in the configured zone (croner does the
 * time-zone and DST arithmetic). The database decides whether today's is still to post, so a
 * restart or a second bot process never posts twice; a bot that was down at the time posts it
 * when it starts again the same day. An earlier day's question never posted goes back to the bank
 * (settleEarlierDays). Returns stop().
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
      await settleEarlierDays(client, context, channelId, day);
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
  // Catch up a post missed while the bot was down (or still to post after a crash): today's time
  // has gone by when croner's next run is on another day. Croner's reckoning, not the wall clock's:
  // the night the clocks go back, 01:10 shows again after 01:30 went by.
  // And settle earlier days' questions never posted, before today's time too: the web shows the latest.
  const today = dayIn(timeZone, new Date());
  const nextRun = job.nextRun();
  if (nextRun === null || dayIn(timeZone, nextRun) !== today) void postToday();
  else {
    settleEarlierDays(client, context, channelId, today).catch((error: unknown) => {
      console.error("Settling the daily questions of earlier days failed; trying again at today's time:", error);
    });
  }
  return () => {
    job.stop();
    clearTimeout(retry);
  };
}
