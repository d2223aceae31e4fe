import { isMessageHandled } from "@spankbank/db/discordCursors";
import { answerQuestion, latestQuestion, listQuestions, questionById, seedQuestionBank } from "@spankbank/db/questions";
import { coupleStreak } from "@spankbank/db/streak";
import type { CoupleConfig } from "@spankbank/shared/config";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  botOn,
  botOnTempDb,
  failNextAnswersToPosts,
  failNextPosts,
  gateway,
  message,
  posted,
  QUESTIONS_CHANNEL,
  testConfig,
  until,
} from "../test/discord.js";
import { DAILY_RETRY_MS, scheduleDailyQuestion } from "./daily.js";

const [, sam] = demoCouple.partners;
const newYork: CoupleConfig = { ...testConfig, dailyQuestion: { time: "09:00", timeZone: "America/New_York" } };
const kolkata: CoupleConfig = { ...testConfig, dailyQuestion: { time: "09:00", timeZone: "Asia/Kolkata" } };

/** discord.js tries a 5xx four times (retries: 3) before it gives up. */
const DISCORD_GIVES_UP = [503, 503, 503, 503];

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
});

/** A bot whose clock starts at `iso`, with a bank of ten questions and the scheduler running. */
function botAt(iso: string, config: CoupleConfig) {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], now: new Date(iso) });
  const bot = botOnTempDb(config);
  seedQuestionBank(
    bot.db,
    Array.from({ length: 10 }, (_, i) => `Question ${i + 1}?`),
  );
  const start = () => stops.push(scheduleDailyQuestion(bot.client, bot.context));
  start();
  return { ...bot, start };
}

const askedTimes = (db: ReturnType<typeof botOnTempDb>["db"]) =>
  listQuestions(db)
    .map((q) => q.askedAt)
    .reverse();

/**
 * Moves the clock to `iso` and lets the posts reach Discord. The clock jumps to a minute before
 * and runs from there (croner wakes every 30 s), so each `iso` is within a minute after the post
 * it expects.
 */
async function advanceTo(iso: string, expectedPosts: number) {
  const target = Date.parse(iso);
  if (target - Date.now() > 60_000) vi.setSystemTime(target - 60_000);
  await vi.advanceTimersByTimeAsync(target - Date.now());
  await until(() => posted.length >= expectedPosts);
  expect(posted).toHaveLength(expectedPosts);
}

describe("the daily question", () => {
  it("follows 09:00 in New York across the spring change (EST 14:00 UTC, then EDT 13:00 UTC)", async () => {
    const { db } = botAt("2026-03-07T12:00:00Z", newYork);
    await advanceTo("2026-03-07T13:59:59Z", 0);
    await advanceTo("2026-03-07T14:00:01Z", 1);
    await advanceTo("2026-03-08T13:00:01Z", 2);
    expect(askedTimes(db)).toEqual(["2026-03-07T14:00:00.000Z", "2026-03-08T13:00:00.000Z"]);
    expect(posted.every((p) => p.channelId === QUESTIONS_CHANNEL)).toBe(true);
  });

  it("follows 09:00 in New York across the autumn change (EDT 13:00 UTC, then EST 14:00 UTC)", async () => {
    const { db } = botAt("2026-10-31T12:00:00Z", newYork);
    await advanceTo("2026-10-31T13:00:01Z", 1);
    await advanceTo("2026-11-01T13:59:59Z", 1);
    await advanceTo("2026-11-01T14:00:01Z", 2);
    expect(askedTimes(db)).toEqual(["2026-10-31T13:00:00.000Z", "2026-11-01T14:00:00.000Z"]);
  });

  it("keeps 09:00 in Kolkata (no DST) at 03:30 UTC on the days New York changes", async () => {
    const { db } = botAt("2026-03-07T00:00:00Z", kolkata);
    await advanceTo("2026-03-07T03:30:01Z", 1);
    await advanceTo("2026-03-08T03:30:01Z", 2);
    await advanceTo("2026-03-09T03:30:01Z", 3);
    expect(askedTimes(db)).toEqual([
      "2026-03-07T03:30:00.000Z",
      "2026-03-08T03:30:00.000Z",
      "2026-03-09T03:30:00.000Z",
    ]);
  });

  it("is not posted again by a restart or a second process the same day", async () => {
    const { start } = botAt("2026-05-01T12:30:00Z", newYork);
    await advanceTo("2026-05-01T13:00:01Z", 1);
    for (const stop of stops.splice(0)) stop();
    start();
    start();
    await advanceTo("2026-05-01T20:00:00Z", 1);
    await advanceTo("2026-05-02T13:00:01Z", 2);
  });

  // Sealed answers switched on with that restart change the post's last line (how to answer).
  it.each([{ sealing: "as it was" }, { sealing: "switched" }])(
    "is not posted again by a bot that died before recording its post and came back hours later, sealing $sealing",
    async ({ sealing }) => {
      const { db, context: before } = botAt("2026-05-01T12:30:00Z", newYork);
      const { questions } = before.config;
      const context =
        sealing === "as it was"
          ? before
          : {
              ...before,
              config: {
                ...before.config,
                questions: { ...questions, revealAfterBothAnswered: !questions.revealAfterBothAnswered },
              },
            };
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      // Discord posts it, and the bot dies before it learns the message's id (every answer to its tries lost).
      failNextAnswersToPosts.push(...DISCORD_GIVES_UP);
      await advanceTo("2026-05-01T13:00:01Z", 1);
      await until(() => logged.mock.calls.length > 0);
      for (const stop of stops.splice(0)) stop();
      logged.mockRestore();
      // Back long after Discord forgot the post's nonce, the same day.
      vi.setSystemTime("2026-05-01T17:00:00Z");
      stops.push(scheduleDailyQuestion(botOn(context), context));
      const recorded = () => questionById(db, listQuestions(db)[0]!.id)?.discordMessageId;
      await until(() => recorded() != null);
      expect(posted).toHaveLength(1);
      expect(recorded()).toBe(posted[0]!.id);
    },
  );

  it("is posted once when the bot comes back the same day after missing the time", async () => {
    const { db, start } = botAt("2026-05-01T17:00:00Z", newYork);
    await until(() => posted.length === 1);
    expect(askedTimes(db)).toEqual(["2026-05-01T17:00:00.000Z"]);
    for (const stop of stops.splice(0)) stop();
    start();
    await advanceTo("2026-05-02T12:59:59Z", 1);
    await advanceTo("2026-05-02T13:00:01Z", 2);
  });

  it("is posted once the night the clocks go back, by a bot back in the repeated hour after its time went by", async () => {
    // 01:30 in New York on 1 November 2026 is 05:30 UTC (EDT); the bot was down then and comes
    // back at 06:10 UTC, when the clocks, gone back, show 01:10 (EST) again.
    const { db } = botAt("2026-11-01T06:10:00Z", {
      ...testConfig,
      dailyQuestion: { time: "01:30", timeZone: "America/New_York" },
    });
    await until(() => posted.length === 1);
    expect(askedTimes(db)).toEqual(["2026-11-01T06:10:00.000Z"]);
    // 01:30 EST comes by: the day has its question; the next is the next day's.
    await advanceTo("2026-11-01T06:30:01Z", 1);
    await advanceTo("2026-11-02T06:30:01Z", 2);
  });

  /** Both partners answer the latest question: its day counts for the streak. */
  function bothAnswer(db: ReturnType<typeof botOnTempDb>["db"]) {
    const questionId = latestQuestion(db)!.id;
    const partners = db.$client.prepare("SELECT id FROM users ORDER BY id").all() as { id: number }[];
    for (const { id } of partners) {
      answerQuestion(db, { userId: id, questionId, response: `Answer of ${id}` }, { answerReward: 0 });
    }
  }

  it("goes back to the bank when it was never posted on its day (Discord down, then the box off past midnight): no missed day, not the latest", async () => {
    const { db, context } = botAt("2026-04-30T12:30:00Z", newYork);
    await advanceTo("2026-04-30T13:00:01Z", 1);
    bothAnswer(db);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // 1 May: Discord refuses the post, and the box goes off before the retry.
    failNextPosts.push(...DISCORD_GIVES_UP);
    await advanceTo("2026-05-01T13:00:01Z", 1);
    await until(() => logged.mock.calls.length > 0);
    for (const stop of stops.splice(0)) stop();
    logged.mockRestore();
    const unposted = listQuestions(db)[0]!;
    // Back on 2 May, before its time: the question nobody saw is not shown as the latest.
    vi.setSystemTime("2026-05-02T11:00:00Z");
    stops.push(scheduleDailyQuestion(botOn(context), context));
    await until(() => listQuestions(db).length === 1);
    expect(latestQuestion(db)?.text).toBe(posted[0]!.body.content?.split("\n")[1]);
    await advanceTo("2026-05-02T13:00:01Z", 2);
    // 1 May asked nothing: it neither counts nor breaks the streak.
    expect(listQuestions(db)).toHaveLength(2);
    expect(questionById(db, unposted.id)).toBeNull();
    bothAnswer(db);
    expect(coupleStreak(db).current).toBe(2);
  });

  it("takes a reply to the question Discord showed as an answer, though it came before the bot learned the post's id", async () => {
    const { client, db } = botAt("2026-05-01T12:30:00Z", {
      ...newYork,
      questions: { ...testConfig.questions, revealAfterBothAnswered: false },
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // 09:00 in New York: Discord posts the question, and every answer to the bot's tries is lost.
    failNextAnswersToPosts.push(...DISCORD_GIVES_UP);
    await advanceTo("2026-05-01T13:00:01Z", 1);
    await until(() => logged.mock.calls.length > 0);
    // Sam replies to the question within the minute before the bot's next try finds it.
    const reply = message({
      channelId: QUESTIONS_CHANNEL,
      authorId: sam.discordId,
      content: "A cabin",
      replyTo: posted[0]!.id,
    });
    gateway(client, "MESSAGE_CREATE", reply);
    await until(() => isMessageHandled(db, QUESTIONS_CHANNEL, reply.id));
    expect(latestQuestion(db)!.answers.map((answer) => answer.response)).toEqual(["A cabin"]);
    // The next try finds the post recorded: nothing is posted again, and the answer stays.
    await vi.advanceTimersByTimeAsync(DAILY_RETRY_MS + 1000);
    logged.mockRestore();
    expect(posted).toHaveLength(1);
    expect(listQuestions(db)).toHaveLength(1);
    expect(questionById(db, listQuestions(db)[0]!.id)).toMatchObject({ discordMessageId: posted[0]!.id });
    expect(latestQuestion(db)!.answers.map((answer) => answer.response)).toEqual(["A cabin"]);
  });

  it("is kept when Discord took it after all, though the bot died before recording it and came back the next day", async () => {
    const { db, context } = botAt("2026-05-01T12:30:00Z", newYork);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    failNextAnswersToPosts.push(...DISCORD_GIVES_UP);
    await advanceTo("2026-05-01T13:00:01Z", 1);
    await until(() => logged.mock.calls.length > 0);
    for (const stop of stops.splice(0)) stop();
    logged.mockRestore();
    const first = listQuestions(db)[0]!;
    vi.setSystemTime("2026-05-02T11:00:00Z");
    stops.push(scheduleDailyQuestion(botOn(context), context));
    await until(() => questionById(db, first.id)?.discordMessageId != null);
    expect(questionById(db, first.id)?.discordMessageId).toBe(posted[0]!.id);
    await advanceTo("2026-05-02T13:00:01Z", 2);
    expect(listQuestions(db)).toHaveLength(2);
  });
});
