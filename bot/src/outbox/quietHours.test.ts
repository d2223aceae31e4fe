import { awardSpanks } from "@spankbank/db/awards";
import { donate } from "@spankbank/db/charity";
import { setDayOf } from "@spankbank/db/partnerDays";
import { answerQuestion, askNextQuestion, dailyQuestionToPost, seedQuestionBank } from "@spankbank/db/questions";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import type { MyDayBody } from "@spankbank/shared/contract/myDay";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { ApplicationCommandOptionType } from "discord.js";
import { describe, expect, it, vi } from "vitest";
import { postQuestion } from "../questions/post.js";
import {
  ANNOUNCEMENTS_CHANNEL,
  botOn,
  botOnTempDb,
  dispatch,
  failNextAnswersToPosts,
  NONCE_KEPT_MS,
  posted,
  QUESTIONS_CHANNEL,
  slashCommandAt,
} from "../test/discord.js";
import { deliverPending } from "./delivery.js";

/** Discord's SUPPRESS_NOTIFICATIONS message flag (1 << 12). */
const SILENT = 4096;

type Bot = ReturnType<typeof botOnTempDb>;

const ids = (db: Bot["db"]) => {
  const rows = db.$client.prepare("SELECT id, discord_id FROM users ORDER BY id").all() as {
    id: number;
    discord_id: string;
  }[];
  return { alex: rows[0]!.id, sam: rows[1]!.id, samDiscordId: rows[1]!.discord_id };
};

/** Sam (America/New_York) sleeps 23:00 to 07:00 with the given quiet hours, set as on the web. */
function samSleeps(bot: Bot, quietHours: MyDayBody["quietHours"]) {
  const { sam } = ids(bot.db);
  setDayOf(bot.db, bot.context.config, sam, { sleep: { from: "23:00", to: "07:00" }, work: null, quietHours });
}

/** Alex gives Sam spanks at `iso`: an event for Sam. */
function alexAwardsSam(bot: Bot, iso: string, reason: string) {
  const { alex, sam } = ids(bot.db);
  awardSpanks(bot.db, { giverId: alex, receiverId: sam, amount: 1, reason, now: new Date(iso) }, 50);
}

const deliverAt = (bot: Bot, iso: string) => deliverPending(bot.client, bot.context, new Date(iso));

const outboxRows = (db: Bot["db"]) =>
  db.$client.prepare("SELECT delivered_at IS NOT NULL AS delivered, discord_message_id FROM outbox ORDER BY id").all();

describe("quiet hours on the recipient's clock", () => {
  it("silent: an event at 02:00 the recipient's time is posted at once with the silent flag, once", async () => {
    const bot = botOnTempDb();
    samSleeps(bot, "silent");
    // 15 January 2026, 07:00 UTC: 2:00 AM in New York (EST).
    alexAwardsSam(bot, "2026-01-15T07:00:00Z", "for the late call");
    expect(await deliverAt(bot, "2026-01-15T07:00:00Z")).toBe(1);
    expect(await deliverAt(bot, "2026-01-15T07:00:02Z")).toBe(0);
    expect(posted).toEqual([
      {
        id: expect.any(String),
        channelId: ANNOUNCEMENTS_CHANNEL,
        body: expect.objectContaining({ content: "🍑 Alex gave Sam 1 spank: for the late call", flags: SILENT }),
      },
    ]);
  });

  it("an event at 14:00 the recipient's time is posted normally, whatever the setting", async () => {
    for (const quietHours of ["silent", "digest"] as const) {
      posted.length = 0;
      const bot = botOnTempDb();
      samSleeps(bot, quietHours);
      alexAwardsSam(bot, "2026-01-15T19:00:00Z", "lunch date"); // 2:00 PM in New York
      expect(await deliverAt(bot, "2026-01-15T19:00:00Z")).toBe(1);
      expect(posted).toHaveLength(1);
      expect(posted[0]!.body).not.toHaveProperty("flags");
    }
  });

  it("digest: held while the recipient sleeps, then ONE message at 07:00 their time, each event once, across a restart", async () => {
    const bot = botOnTempDb();
    const { samDiscordId } = ids(bot.db);
    samSleeps(bot, "digest");
    alexAwardsSam(bot, "2026-01-15T07:00:00Z", "for the late call"); // 2:00 AM in New York
    alexAwardsSam(bot, "2026-01-15T08:30:00Z", "sweet dreams"); // 3:30 AM
    expect(await deliverAt(bot, "2026-01-15T07:00:00Z")).toBe(0);
    expect(await deliverAt(bot, "2026-01-15T11:59:00Z")).toBe(0); // 6:59 AM
    expect(posted).toEqual([]);
    // The bot restarts before morning: a fresh client on the same database.
    const restarted = { ...bot, client: botOn(bot.context) };
    expect(await deliverAt(restarted, "2026-01-15T12:00:00Z")).toBe(2); // 7:00 AM
    expect(await deliverAt(restarted, "2026-01-15T12:01:00Z")).toBe(0);
    expect(posted).toEqual([
      {
        id: expect.any(String),
        channelId: ANNOUNCEMENTS_CHANNEL,
        body: expect.objectContaining({
          content: `☀️ <@${samDiscordId}>, while you slept:\n• 🍑 Alex gave Sam 1 spank: for the late call\n• 🍑 Alex gave Sam 1 spank: sweet dreams`,
          allowed_mentions: { parse: [], users: [samDiscordId] },
        }),
      },
    ]);
    expect(posted[0]!.body).not.toHaveProperty("flags");
    expect(outboxRows(bot.db)).toEqual([
      { delivered: 1, discord_message_id: posted[0]!.id },
      { delivered: 1, discord_message_id: posted[0]!.id },
    ]);
  });

  it("digest: a digest Discord got just before a crash is not posted twice", async () => {
    const bot = botOnTempDb();
    samSleeps(bot, "digest");
    alexAwardsSam(bot, "2026-01-15T07:00:00Z", "for the late call");
    expect(await deliverAt(bot, "2026-01-15T12:00:00Z")).toBe(1);
    // The crashed run: Discord got the digest, the bot never recorded it.
    bot.db.$client.prepare("UPDATE outbox SET delivered_at = NULL, discord_message_id = NULL").run();
    const restarted = { ...bot, client: botOn(bot.context) };
    expect(await deliverAt(restarted, "2026-01-15T12:00:05Z")).toBe(1);
    expect(posted).toHaveLength(1);
    expect(outboxRows(bot.db)).toEqual([{ delivered: 1, discord_message_id: posted[0]!.id }]);
  });

  it("digest: a digest Discord took unheard is not posted again by a bot back after Discord forgot its nonce", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T07:00:00Z") });
    try {
      const bot = botOnTempDb();
      samSleeps(bot, "digest");
      alexAwardsSam(bot, "2026-01-15T07:00:00Z", "for the late call");
      // 07:00 in New York: Discord posts the digest, every answer to the bot's tries is lost, and it stops.
      vi.setSystemTime("2026-01-15T12:00:00Z");
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      failNextAnswersToPosts.push(503, 503, 503, 503);
      expect(await deliverPending(bot.client, bot.context, new Date())).toBe(0);
      logged.mockRestore();
      expect(posted).toHaveLength(1);
      // Back after Discord's few minutes, when the same nonce would post anew.
      vi.setSystemTime(Date.now() + NONCE_KEPT_MS + 60_000);
      expect(await deliverPending(botOn(bot.context), bot.context, new Date())).toBe(1);
      expect(posted).toHaveLength(1);
      expect(outboxRows(bot.db)).toEqual([{ delivered: 1, discord_message_id: posted[0]!.id }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("digest: news that joins a digest Discord took unheard is posted after it, not marked delivered in it", async () => {
    const bot = botOnTempDb();
    const { samDiscordId } = ids(bot.db);
    samSleeps(bot, "digest");
    alexAwardsSam(bot, "2026-01-15T08:00:00Z", "for the late call"); // 3:00 AM in New York
    // 7:00 AM in New York: Discord posts the digest, and every answer to the bot's tries is lost.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    failNextAnswersToPosts.push(503, 503, 503, 503);
    expect(await deliverAt(bot, "2026-01-15T12:00:00Z")).toBe(0);
    logged.mockRestore();
    // Alex's /spank sent at 6:59:58 AM reaches the bot just after: news of Sam's night.
    const spank = slashCommandAt("spank", "2026-01-15T11:59:58Z", demoCouple.partners[0].discordId, [
      { name: "amount", type: ApplicationCommandOptionType.Integer as const, value: 1 },
      { name: "reason", type: ApplicationCommandOptionType.String as const, value: "sweet dreams" },
    ]);
    expect(await dispatch(bot.client, spank)).toMatch(/^You gave Sam 1 spank\./);
    // The retries, within the minutes Discord keeps a nonce.
    await deliverAt(bot, "2026-01-15T12:00:05Z");
    await deliverAt(bot, "2026-01-15T12:00:10Z");
    const opening = `☀️ <@${samDiscordId}>, while you slept:`;
    const digests = [
      `${opening}\n• 🍑 Alex gave Sam 1 spank: for the late call`,
      `${opening}\n• 🍑 Alex gave Sam 1 spank: sweet dreams`,
    ];
    // Each event is delivered in a message Discord holds that says it.
    const messageOf = (id: unknown) => posted.find((p) => p.id === id)?.body.content;
    const rows = outboxRows(bot.db) as { delivered: number; discord_message_id: string }[];
    expect(rows.map((row) => [row.delivered, messageOf(row.discord_message_id)])).toEqual(
      digests.map((digest) => [1, digest]),
    );
    expect(posted.map((p) => p.body.content)).toEqual(digests);
  });

  it("digest: what is held for a sleeping partner does not hold back the other partner's events", async () => {
    const bot = botOnTempDb();
    const { alex, sam } = ids(bot.db);
    samSleeps(bot, "digest");
    for (let i = 0; i < 25; i++) alexAwardsSam(bot, `2026-01-15T07:${String(i).padStart(2, "0")}:00Z`, `night ${i}`);
    // Sam gives Alex spanks (Asia/Kolkata, 12:45 PM there, awake): posted now.
    awardSpanks(
      bot.db,
      { giverId: sam, receiverId: alex, amount: 1, reason: "good morning", now: new Date("2026-01-15T07:15:00Z") },
      50,
    );
    expect(await deliverAt(bot, "2026-01-15T07:30:00Z")).toBe(1);
    expect(posted.map((p) => p.body.content)).toEqual(["🍑 Sam gave Alex 1 spank: good morning"]);
    // Morning in New York: all 25 in one message.
    expect(await deliverAt(bot, "2026-01-15T12:00:00Z")).toBe(25);
    expect(posted).toHaveLength(2);
    expect(String(posted[1]!.body.content).split("\n")).toHaveLength(26);
  });

  it("digest: a night too long for one Discord message goes out in as few as fit, each event once", async () => {
    const bot = botOnTempDb();
    samSleeps(bot, "digest");
    const reason = (i: number) => `${String(i).padStart(2, "0")} ${"x".repeat(150)}`;
    for (let i = 0; i < 30; i++) alexAwardsSam(bot, `2026-01-15T08:${String(i).padStart(2, "0")}:00Z`, reason(i));
    expect(await deliverAt(bot, "2026-01-15T12:00:00Z")).toBe(30);
    expect(await deliverAt(bot, "2026-01-15T12:00:05Z")).toBe(0);
    const contents = posted.map((p) => String(p.body.content));
    expect(contents).toHaveLength(3); // about 190 characters a line: ten lines a message
    for (const content of contents) expect(content.length).toBeLessThanOrEqual(2000);
    const lines = contents.flatMap((content) => content.split("\n").slice(1));
    expect(lines).toEqual(Array.from({ length: 30 }, (_, i) => `• 🍑 Alex gave Sam 1 spank: ${reason(i)}`));
    const messageIds = bot.db.$client
      .prepare("SELECT DISTINCT discord_message_id AS id FROM outbox ORDER BY id")
      .all()
      .map((row) => (row as { id: string }).id);
    expect(messageIds.sort()).toEqual(posted.map((p) => p.id).sort());
  });

  it("digest across America/New_York's spring change: the window ends at 07:00 EDT (11:00 UTC), not 07:00 EST", async () => {
    const bot = botOnTempDb();
    samSleeps(bot, "digest");
    // Sunday 8 March 2026: clocks jump 2:00 -> 3:00. 06:30 UTC is 1:30 AM EST.
    alexAwardsSam(bot, "2026-03-08T06:30:00Z", "spring");
    expect(await deliverAt(bot, "2026-03-08T10:59:00Z")).toBe(0); // 6:59 AM EDT
    expect(await deliverAt(bot, "2026-03-08T11:00:00Z")).toBe(1); // 7:00 AM EDT
    expect(String(posted[0]!.body.content)).toContain("• 🍑 Alex gave Sam 1 spank: spring");
  });

  it("digest across America/New_York's autumn change: the window ends at 07:00 EST (12:00 UTC), not 07:00 EDT", async () => {
    const bot = botOnTempDb();
    samSleeps(bot, "digest");
    // Sunday 1 November 2026: 1:00-2:00 AM happens twice. 05:30 UTC is the first 1:30 AM (EDT).
    alexAwardsSam(bot, "2026-11-01T05:30:00Z", "autumn");
    alexAwardsSam(bot, "2026-11-01T06:30:00Z", "the hour again"); // the second 1:30 AM (EST)
    expect(await deliverAt(bot, "2026-11-01T11:59:00Z")).toBe(0); // 6:59 AM EST
    expect(await deliverAt(bot, "2026-11-01T12:00:00Z")).toBe(2); // 7:00 AM EST
    expect(posted).toHaveLength(1);
  });

  it("in Asia/Kolkata (UTC+5:30, no DST): silent at 02:00 IST, normal at 07:00 IST", async () => {
    const bot = botOnTempDb();
    const { alex, sam } = ids(bot.db);
    // Alex keeps the config's sleep (23:30 to 07:00) and the default, silent.
    const award = (iso: string, reason: string) =>
      awardSpanks(bot.db, { giverId: sam, receiverId: alex, amount: 1, reason, now: new Date(iso) }, 50);
    award("2026-01-14T20:30:00Z", "at two"); // 2:00 AM IST
    expect(await deliverAt(bot, "2026-01-14T20:30:00Z")).toBe(1);
    award("2026-01-15T01:30:00Z", "at seven"); // 7:00 AM IST
    expect(await deliverAt(bot, "2026-01-15T01:30:00Z")).toBe(1);
    expect(posted.map((p) => [p.body.content, p.body.flags])).toEqual([
      ["🍑 Sam gave Alex 1 spank: at two", SILENT],
      ["🍑 Sam gave Alex 1 spank: at seven", undefined],
    ]);
  });

  it('/nudge: "Alex is thinking of you" reaches a sleeping Sam silently, or in the morning digest, once', async () => {
    for (const quietHours of ["silent", "digest"] as const) {
      posted.length = 0;
      const bot = botOnTempDb();
      const { samDiscordId } = ids(bot.db);
      samSleeps(bot, quietHours);
      // 2:00 AM in New York, 12:30 PM in India: Alex taps at lunch while Sam sleeps.
      const nudge = slashCommandAt("nudge", "2026-01-15T07:00:00Z", demoCouple.partners[0].discordId, [
        { name: "line", type: ApplicationCommandOptionType.String as const, value: "Dreaming of Lisbon" },
      ]);
      expect(await dispatch(bot.client, nudge)).toMatch(/^💗 Sam will know/);
      const line = `💗 <@${samDiscordId}>, Alex is thinking of you.\n> Dreaming of Lisbon`;
      if (quietHours === "silent") {
        expect(await deliverAt(bot, "2026-01-15T07:00:05Z")).toBe(1);
        expect(posted.map((p) => [p.channelId, p.body.content, p.body.flags])).toEqual([
          [ANNOUNCEMENTS_CHANNEL, line, SILENT],
        ]);
      } else {
        expect(await deliverAt(bot, "2026-01-15T07:00:05Z")).toBe(0);
        expect(await deliverAt(bot, "2026-01-15T12:00:00Z")).toBe(1); // 7:00 AM in New York
        expect(posted.map((p) => [p.channelId, p.body.content, p.body.flags])).toEqual([
          [ANNOUNCEMENTS_CHANNEL, `☀️ <@${samDiscordId}>, while you slept:\n• ${line}`, undefined],
        ]);
      }
      expect(await deliverAt(bot, "2026-01-15T12:01:00Z")).toBe(0);
      expect(posted).toHaveLength(1);
    }
  });

  it("a streak milestone is for both: posted once, silently while Sam sleeps, never held for Sam's digest", async () => {
    const bot = botOnTempDb();
    const { alex, sam } = ids(bot.db);
    samSleeps(bot, "digest");
    seedQuestionBank(
      bot.db,
      Array.from({ length: 7 }, (_, i) => `Day ${i + 1}?`),
    );
    for (let i = 1; i <= 7; i++) {
      const day = `2026-01-0${i}`;
      const daily = dailyQuestionToPost(bot.db, day, bot.context.config.couple, new Date(`${day}T03:30:00Z`))!;
      // Sam answers at 2:00 AM in New York, the last answer of the day.
      for (const userId of [alex, sam]) {
        answerQuestion(
          bot.db,
          { userId, questionId: daily.id, response: "Yes", now: new Date(`${day}T07:00:00Z`) },
          { answerReward: 0 },
        );
      }
    }
    bot.db.$client.prepare("UPDATE outbox SET delivered_at = created_at WHERE kind <> 'streak_milestone'").run();
    expect(await deliverAt(bot, "2026-01-07T07:00:00Z")).toBe(1);
    expect(await deliverAt(bot, "2026-01-07T12:00:00Z")).toBe(0);
    expect(posted.map((p) => [p.body.content, p.body.flags])).toEqual([
      [expect.stringMatching(/^🔥 .* 7 days in a row you've both answered the daily question!$/), SILENT],
    ]);
  });

  it("an event for both of you is silent while either sleeps, and never held for a digest", async () => {
    const bot = botOnTempDb();
    const { alex } = ids(bot.db);
    samSleeps(bot, "digest");
    giveSpanks(bot.db, alex, 10);
    // 2:00 AM in New York, 12:30 PM in India: Sam sleeps.
    donate(bot.db, alex, 5, new Date("2026-01-15T07:00:00Z"));
    expect(await deliverAt(bot, "2026-01-15T07:00:00Z")).toBe(1);
    expect(posted[0]!.body).toMatchObject({ flags: SILENT });
  });

  it("the daily question is posted silently while either partner sleeps, normally when both are awake", async () => {
    const bot = botOnTempDb();
    seedQuestionBank(bot.db, ["Dream weekend?", "Best trip?"]);
    const askAt = async (iso: string) => {
      const now = new Date(iso);
      await postQuestion(
        bot.client,
        bot.context,
        askNextQuestion(bot.db, bot.context.config, now)!,
        QUESTIONS_CHANNEL,
        now,
      );
    };
    // 9:00 AM in India is 10:30 PM in New York (EST): Sam is awake until 23:00 (the config's 23:00-06:30).
    await askAt("2026-01-15T03:30:00Z");
    // 9:00 AM in India in summer is 11:30 PM in New York (EDT): Sam sleeps.
    await askAt("2026-07-15T03:30:00Z");
    expect(posted.map((p) => p.body.flags)).toEqual([undefined, SILENT]);
  });
});
