import { raiseAlert } from "@spankbank/db/alerts";
import { awardSpanks } from "@spankbank/db/awards";
import {
  approveBounty,
  markBountyDone,
  postBounty,
  sendBackBounty,
  settleBountyDeadlines,
} from "@spankbank/db/bounties";
import { donate } from "@spankbank/db/charity";
import { declineRedemption } from "@spankbank/db/decline";
import { settleFavourDeadlines } from "@spankbank/db/favourDeadlines";
import { confirmRedemption, redeemItem } from "@spankbank/db/inventory";
import { announceOpenedLetters, writeLaterLetter } from "@spankbank/db/laterLetters";
import { sendNudge } from "@spankbank/db/nudges";
import { pendingEvents } from "@spankbank/db/outbox";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import {
  answerQuestion,
  askNextQuestion,
  dailyQuestionToPost,
  rateGuess,
  seedQuestionBank,
} from "@spankbank/db/questions";
import { OUTBOX_KINDS } from "@spankbank/db/schema";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { enqueueDueVisitMilestones } from "@spankbank/db/visitMilestones";
import { planVisit } from "@spankbank/db/visits";
import { logWorkout } from "@spankbank/db/workouts";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { ANNOUNCEMENTS_CHANNEL, botOnTempDb, QUESTIONS_CHANNEL } from "../test/discord.js";
import { announcementOf } from "./announcements.js";

const [alexPartner, sam] = demoCouple.partners;
const at = new Date("2026-05-01T10:00:00Z");
const stamp = `<t:${at.getTime() / 1000}:t>`;

describe("announcements", () => {
  it("give every event kind the database writes a short friendly message, with Discord timestamps", () => {
    const { db, context } = botOnTempDb();
    const [alex, samId] = (db.$client.prepare("SELECT id FROM users ORDER BY id").all() as { id: number }[]).map(
      (r) => r.id,
    );
    const economy = context.config.economy;
    logWorkout(
      db,
      { userId: alex!, body: { name: "Run", duration: 30, distanceUnit: "km", calories: 300 }, now: at },
      economy,
    );
    giveSpanks(db, alex!, 100);
    const product = createProduct(db, samId!, { name: "Foot rub", description: "Ten minutes", quantity: 1, price: 25 });
    const { inventoryItemId } = purchaseProduct(db, { buyerId: alex!, productId: product.id, now: at });
    const redemption = redeemItem(db, alex!, inventoryItemId, at);
    confirmRedemption(db, alex!, redemption.redeemedItem.id, at);
    seedQuestionBank(db, ["Best trip?"]);
    const question = askNextQuestion(db, context.config)!;
    answerQuestion(db, { userId: alex!, questionId: question.id, response: "Rome", guess: "Oslo", now: at }, economy);
    answerQuestion(db, { userId: samId!, questionId: question.id, response: "Oslo", now: at }, economy);
    rateGuess(db, { questionId: question.id, userId: samId!, rating: "nailed", now: at }, economy);
    awardSpanks(db, { giverId: samId!, receiverId: alex!, amount: 3, reason: "Dishes", now: at }, 50);
    donate(db, alex!, 4, at);
    raiseAlert(db, "the daily backup failed. Not enough disk space for a backup.", at);
    // Favours at a distance: Alex redeems a call with a note and a wished time, Sam declines it;
    // a "use within 3 days" letter expires unused (its reminder withdrawn with it), and one bought
    // a day later is reminded about at 07:00 in India.
    const calls = createProduct(db, samId!, { name: "Call", description: "At sunrise", quantity: 2, price: 10 });
    const letters = createProduct(db, samId!, {
      name: "Letter",
      description: "By hand",
      quantity: 2,
      price: 5,
      useWithinDays: 3,
    });
    const callItem = purchaseProduct(db, { buyerId: alex!, productId: calls.id, now: at }).inventoryItemId;
    purchaseProduct(db, { buyerId: alex!, productId: letters.id, now: at });
    purchaseProduct(db, { buyerId: alex!, productId: letters.id, now: new Date("2026-05-02T10:00:00Z") });
    const wished = redeemItem(db, alex!, callItem, at, {
      note: "Before you sleep?\nI miss you",
      wishedAt: "2026-05-02T15:30:00Z",
    });
    declineRedemption(db, samId!, wished.redeemedItem.id, "Flying that day, can we pick another?", at);
    const partners = demoCouple.partners;
    settleFavourDeadlines(db, partners, new Date("2026-05-03T01:30:00Z"));
    settleFavourDeadlines(db, partners, new Date("2026-05-04T18:30:00Z"));
    settleFavourDeadlines(db, partners, new Date("2026-05-05T01:30:00Z"));
    const opening = { kind: "date", date: "2026-05-02", time: "08:00" };
    writeLaterLetter(db, { fromUserId: alex!, text: "Not a word of this", opening, now: at });
    announceOpenedLetters(db, new Date("2026-05-02T12:00:00Z"));
    planVisit(db, {
      userId: alex!,
      input: { start_date: "2026-05-31", end_date: "2026-06-02", place: "Oslo" },
      now: at,
    });
    enqueueDueVisitMilestones(db, context.config.partners, new Date("2026-05-01T12:00:00Z"));
    sendNudge(db, samId!, "Still smiling about Oslo", at);
    // Seven daily questions in a row both answered: the streak's first milestone (their own events left out below).
    seedQuestionBank(
      db,
      Array.from({ length: 7 }, (_, i) => `Day ${i + 1}?`),
    );
    const streakQuestions = new Set<number>();
    for (let i = 1; i <= 7; i++) {
      const day = `2026-06-0${i}`;
      const daily = dailyQuestionToPost(db, day, context.config.couple, new Date(`${day}T03:30:00Z`))!;
      streakQuestions.add(daily.id);
      for (const userId of [alex!, samId!]) {
        answerQuestion(
          db,
          { userId, questionId: daily.id, response: "Yes", now: new Date(`${day}T05:00:00Z`) },
          economy,
        );
      }
    }
    // A bounty from Sam, done by Alex, sent back once, then approved; one of Alex's expires unclaimed.
    giveSpanks(db, samId!, 50);
    const june = new Date("2026-06-08T12:00:00Z");
    const song = postBounty(db, samId!, { title: "Voice note of our song", reward: 20, due_date: "2026-06-12" }, june);
    markBountyDone(db, alex!, song.id, "Sang it twice", june);
    sendBackBounty(db, samId!, song.id, "The chorus too", june);
    markBountyDone(db, alex!, song.id, "With the chorus", june);
    approveBounty(db, samId!, song.id, june);
    postBounty(db, alex!, { title: "Breakfast photo", reward: 5, due_date: "2026-06-09" }, june);
    settleBountyDeadlines(db, new Date("2026-06-11T00:00:00Z"));

    const events = pendingEvents(db, 100).filter(
      (event) => !streakQuestions.has(Number((event.payload as { questionId?: unknown }).questionId)),
    );
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(OUTBOX_KINDS));
    const messages = events.map((event) => announcementOf(event, context));
    expect(messages).toEqual([
      { channelId: ANNOUNCEMENTS_CHANNEL, content: `💪 Alex logged a workout at ${stamp}: Run, 30 min (+5 spanks).` },
      { channelId: ANNOUNCEMENTS_CHANNEL, content: '🛍️ Alex bought "Foot rub" from Sam for 25 spanks.' },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `🎟️ <@${sam.discordId}>, Alex redeemed "Foot rub" at ${stamp}. Time to deliver!`,
        mentionUserIds: [sam.discordId],
      },
      { channelId: ANNOUNCEMENTS_CHANNEL, content: '✅ Alex confirmed Sam delivered "Foot rub": 25 spanks paid.' },
      {
        channelId: QUESTIONS_CHANNEL,
        content: `💬 Alex answered the question at ${stamp}.`,
      },
      {
        channelId: QUESTIONS_CHANNEL,
        content: `💬 Sam answered the question at ${stamp}.`,
      },
      {
        channelId: QUESTIONS_CHANNEL,
        content:
          '💞 You both answered "Best trip?"\n**Alex**: Rome\n**Sam**: Oslo (Alex guessed: Oslo)\nRate the guess about you on the Q&A page.',
        replyTo: undefined,
      },
      { channelId: QUESTIONS_CHANNEL, content: "🎯 Alex nailed Sam's answer: 3 spanks each!" },
      { channelId: ANNOUNCEMENTS_CHANNEL, content: "🍑 Sam gave Alex 3 spanks: Dishes" },
      { channelId: ANNOUNCEMENTS_CHANNEL, content: "🎗️ Alex donated 4 spanks to Floggers4Change (4 spanks in all)." },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: "⚠️ Spank Bank needs attention: the daily backup failed. Not enough disk space for a backup.",
      },
      { channelId: ANNOUNCEMENTS_CHANNEL, content: '🛍️ Alex bought "Call" from Sam for 10 spanks.' },
      { channelId: ANNOUNCEMENTS_CHANNEL, content: '🛍️ Alex bought "Letter" from Sam for 5 spanks.' },
      { channelId: ANNOUNCEMENTS_CHANNEL, content: '🛍️ Alex bought "Letter" from Sam for 5 spanks.' },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `🎟️ <@${sam.discordId}>, Alex redeemed "Call" at ${stamp}. Time to deliver! Wished for <t:1777735800:F>.\n> Before you sleep?\n> I miss you`,
        mentionUserIds: [sam.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `🙅 <@${alexPartner.discordId}>, Sam declined "Call": Flying that day, can we pick another? 10 spanks went back to you.`,
        mentionUserIds: [alexPartner.discordId],
      },
      { channelId: ANNOUNCEMENTS_CHANNEL, content: '⌛ "Letter" from Sam expired unused: 5 spanks went back to Alex.' },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        // Bought 15:30 on 2 May in India: use by the 5th, which ends at 18:30 UTC.
        content: `⏳ <@${alexPartner.discordId}>, "Letter" from Sam is yours to use by <t:1778005799:D> (<t:1778005800:R>). Redeem it before it expires!`,
        mentionUserIds: [alexPartner.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `💌 <@${sam.discordId}>, a letter from Alex has just opened for you. Read it in Letters for later.`,
        mentionUserIds: [sam.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `✈️ <@${alexPartner.discordId}> <@${sam.discordId}> 30 days until you're together (Sun 31 May, Oslo)`,
        mentionUserIds: [alexPartner.discordId, sam.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `💗 <@${alexPartner.discordId}>, Sam is thinking of you.\n> Still smiling about Oslo`,
        mentionUserIds: [alexPartner.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `🔥 <@${alexPartner.discordId}> <@${sam.discordId}> 7 days in a row you've both answered the daily question!`,
        mentionUserIds: [alexPartner.discordId, sam.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        // The end of the 12th in New York, shown on each reader's clock.
        content:
          '🎯 Sam posted bounty #1 "Voice note of our song" for 20 spanks, due <t:1781323200:R>. `/bounty done` when it\'s done!',
        mentionUserIds: [],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `✅ <@${sam.discordId}>, Alex did bounty #1 "Voice note of our song".\n> Sang it twice\n\`/bounty approve id: 1\` to pay 20 spanks, or \`/bounty send-back\`.`,
        mentionUserIds: [sam.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `↩️ <@${alexPartner.discordId}>, Sam sent bounty #1 "Voice note of our song" back: The chorus too.`,
        mentionUserIds: [alexPartner.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `✅ <@${sam.discordId}>, Alex did bounty #1 "Voice note of our song".\n> With the chorus\n\`/bounty approve id: 1\` to pay 20 spanks, or \`/bounty send-back\`.`,
        mentionUserIds: [sam.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `🎉 <@${alexPartner.discordId}>, Sam approved bounty #1 "Voice note of our song": 20 spanks are yours.`,
        mentionUserIds: [alexPartner.discordId],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `🎯 Alex posted bounty #2 "Breakfast photo" for 5 spanks, due <t:1781029800:R>. \`/bounty done\` when it's done!`,
        mentionUserIds: [],
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        content: `⌛ <@${alexPartner.discordId}>, bounty #2 "Breakfast photo" passed its due day: 5 spanks went back to Alex.`,
        mentionUserIds: [alexPartner.discordId],
      },
    ]);
  });
});
