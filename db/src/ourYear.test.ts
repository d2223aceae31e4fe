import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { awardSpanks } from "./awards.js";
import { donate } from "./charity.js";
import { declineRedemption } from "./decline.js";
import { confirmRedemption, redeemItem } from "./inventory.js";
import { addMemory, trashMemories } from "./memories.js";
import { ourYear } from "./ourYear.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { answerQuestion, dailyQuestionToPost, seedQuestionBank } from "./questions/index.js";
import { openTestDb } from "./test/testDb.js";
import { planVisit } from "./visits.js";
import { logWorkout } from "./workouts.js";

const economy = { answerReward: 5, workoutReward: 5, workoutRewardsPerDay: 3 };
const couple = { longDistance: false, livingTogether: false, pets: false, spicy: false };
const at = (iso: string) => new Date(iso);
/** The couple's zone, the daily question's: their months and weeks. */
const zone = "Asia/Kolkata";
const run = { name: "Beach run", duration: 30, distanceUnit: "km" as const, calories: 300 };

/**
 * 2026 for Alex and Sam, seen on 30 June (Alex's calendar): memories, three daily questions (the
 * third answered by Alex only), workouts, a favour delivered, one declined, a donation, visits.
 */
function seededYear() {
  const test = openTestDb();
  const { db, alex, sam } = test;
  // 2025: Alex gives Sam spanks to shop with, and a memory: the year before has data too.
  awardSpanks(
    db,
    { giverId: alex, receiverId: sam, amount: 100, reason: "Head start", now: at("2025-12-01T10:00:00Z") },
    100,
  );
  addMemory(db, { userId: alex, message: "Our last December apart", createdAt: at("2025-12-24T10:00:00Z") });

  addMemory(db, { userId: alex, message: "New year's call", createdAt: at("2026-01-01T00:30:00Z") });
  addMemory(db, { userId: alex, message: "Snow in the mountains", createdAt: at("2026-01-20T10:00:00Z") });
  addMemory(db, { userId: alex, message: "Airport hug", createdAt: at("2026-03-10T10:00:00Z") });
  addMemory(db, { userId: sam, message: "Pancakes together", createdAt: at("2026-03-12T10:00:00Z") });
  const trashed = addMemory(db, { userId: sam, message: "Blurry photo", createdAt: at("2026-03-13T10:00:00Z") });
  trashMemories(db, [trashed.id], at("2026-03-14T10:00:00Z"));

  seedQuestionBank(db, ["Mountains or sea?", "First song you loved?", "Best breakfast?"], at("2026-01-01T00:00:00Z"));
  for (const [day, answeredBy] of [
    ["2026-02-01", [alex, sam]],
    ["2026-02-02", [alex, sam]],
    ["2026-02-03", [alex]],
  ] as const) {
    const question = dailyQuestionToPost(db, day, couple, at(`${day}T03:30:00Z`))!;
    for (const userId of answeredBy) {
      answerQuestion(
        db,
        { userId, questionId: question.id, response: "The sea", now: at(`${day}T05:00:00Z`) },
        economy,
      );
    }
  }

  logWorkout(db, { userId: alex, body: run, now: at("2026-01-05T08:00:00Z") }, economy);
  logWorkout(db, { userId: alex, body: run, now: at("2026-01-05T18:00:00Z") }, economy);
  logWorkout(db, { userId: alex, body: run, now: at("2026-01-14T08:00:00Z") }, economy);
  logWorkout(db, { userId: sam, body: run, now: at("2026-01-01T15:00:00Z") }, economy);

  awardSpanks(
    db,
    { giverId: alex, receiverId: sam, amount: 10, reason: "Cooked dinner", now: at("2026-04-01T10:00:00Z") },
    100,
  );
  const call = createProduct(db, alex, { name: "Video call", description: "At sunrise.", quantity: 3, price: 40 });
  const massage = createProduct(db, alex, { name: "Massage", description: "Next visit.", quantity: 3, price: 30 });
  const april = at("2026-04-02T10:00:00Z");
  const bought = purchaseProduct(db, { buyerId: sam, productId: call.id, now: april });
  const delivered = redeemItem(db, sam, bought.inventoryItemId, april).redeemedItem;
  confirmRedemption(db, sam, delivered.id, at("2026-04-03T10:00:00Z"));
  const refused = purchaseProduct(db, { buyerId: sam, productId: massage.id, now: april });
  const declined = redeemItem(db, sam, refused.inventoryItemId, april).redeemedItem;
  declineRedemption(db, alex, declined.id, "Not this week", at("2026-04-03T10:00:00Z"));
  donate(db, sam, 5, at("2026-05-01T10:00:00Z"));

  const input = (start_date: string, end_date: string) => ({ start_date, end_date });
  planVisit(db, { userId: alex, input: input("2025-12-28", "2026-01-03"), now: at("2026-06-30T12:00:00Z") });
  planVisit(db, { userId: alex, input: input("2026-03-10", "2026-03-19"), now: at("2026-06-30T12:00:00Z") });
  planVisit(db, { userId: sam, input: input("2026-12-20", "2026-12-28"), now: at("2026-06-30T12:00:00Z") });
  return test;
}

describe("ourYear", () => {
  it("counts the year's memories, answers, workouts and spanks per partner, the signed-in one first", () => {
    const { db, alex, sam } = seededYear();
    const year = ourYear(db, { userId: sam, timeZone: zone, year: 2026, now: at("2026-06-30T12:00:00Z") });
    expect(year.year).toBe(2026);
    expect(year.years).toEqual([2026, 2025]);
    expect(year.partners).toEqual([
      // Sam: an award (10), a workout (5), two answers (10); the declined massage came back: only the call is spent.
      expect.objectContaining({
        userId: sam,
        displayName: "Sam",
        memories: 1,
        answers: 2,
        workouts: 1,
        earned: 25,
        spent: 40,
        donated: 5,
      }),
      // Alex: three workouts (15), three answers (15) and the call delivered (40); the starting grant is not earned.
      expect.objectContaining({
        userId: alex,
        displayName: "Alex",
        memories: 3,
        answers: 3,
        workouts: 3,
        earned: 70,
        spent: 0,
        donated: 0,
      }),
    ]);
    expect(
      year.months
        .map((m) => [m.month, m.memories, m.answers, m.bothAnswered])
        .filter(([, mem, ans]) => [...(mem as number[]), ...(ans as number[])].some((n) => n > 0)),
    ).toEqual([
      [1, [0, 2], [0, 0], 0],
      [2, [0, 0], [2, 3], 2],
      [3, [1, 1], [0, 0], 0],
    ]);
    expect(year.months).toHaveLength(12);
  });

  it("counts workouts in Monday weeks, the days before the first Monday as week 0", () => {
    const { db, sam } = seededYear();
    const { weeks } = ourYear(db, { userId: sam, timeZone: zone, year: 2026, now: at("2026-06-30T12:00:00Z") });
    // 1 January 2026 is a Thursday: week 0 is 1-4 January, week 1 starts on Monday 5 January.
    expect(weeks).toHaveLength(53);
    expect(weeks.filter((w) => w.workouts.some((n) => n > 0))).toEqual([
      { week: 0, workouts: [1, 0] },
      { week: 1, workouts: [0, 2] },
      { week: 2, workouts: [0, 1] },
    ]);
  });

  it("takes the year's streak from the streak's own rule, and the daily questions asked and both answered", () => {
    const { db, sam } = seededYear();
    const { streak } = ourYear(db, { userId: sam, timeZone: zone, year: 2026, now: at("2026-06-30T12:00:00Z") });
    // The third question, still open (no later one was asked), breaks nothing: the streak is 2 now.
    expect(streak).toEqual({ best: 2, current: 2, asked: 3, bothAnswered: 2 });
  });

  it("counts days together to today inside the year (a visit across New Year's Day counted from 1 January), the rest apart, and the days planned", () => {
    const { db, alex } = seededYear();
    const { days } = ourYear(db, { userId: alex, timeZone: zone, year: 2026, now: at("2026-06-30T12:00:00Z") });
    // 1 January to 30 June is 181 days: 3 (1-3 Jan) + 10 (10-19 Mar) together; 20-28 Dec planned.
    expect(days).toEqual({ together: 13, apart: 168, planned: 9, visits: 3 });
  });

  it("answers an empty year with zeros, and this year on the partner's calendar when none is asked", () => {
    const { db, alex } = openTestDb();
    // Just after midnight on 1 January in India, still 31 December in UTC.
    const year = ourYear(db, { userId: alex, timeZone: zone, now: at("2026-12-31T19:00:00Z") });
    expect(year.year).toBe(2027);
    expect(year.years).toEqual([2027]);
    expect(year.partners.map((p) => [p.memories, p.answers, p.workouts, p.earned, p.spent, p.donated])).toEqual([
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
    expect(year.days).toEqual({ together: 0, apart: 1, planned: 0, visits: 0 });
    expect(year.streak).toEqual({ best: 0, current: 0, asked: 0, bothAnswered: 0 });
  });

  it("is worked out once while nothing is written, and again after this connection's or the bot's write, and on the next day", () => {
    const { db, alex, sam, path } = seededYear();
    const june30 = at("2026-06-30T12:00:00Z");
    const first = ourYear(db, { userId: sam, timeZone: zone, year: 2026, now: june30 });
    expect(ourYear(db, { userId: sam, timeZone: zone, year: 2026, now: june30 })).toBe(first);

    addMemory(db, { userId: sam, message: "Fireflies", createdAt: at("2026-06-01T20:00:00Z") });
    expect(ourYear(db, { userId: sam, timeZone: zone, year: 2026, now: june30 }).partners[0]!.memories).toBe(2);

    // The bot writing through its own connection.
    const bot = new BetterSqlite3(path);
    try {
      bot.prepare("UPDATE memories SET deleted_at = '2026-07-01T00:00:00.000Z' WHERE message = 'Fireflies'").run();
    } finally {
      bot.close();
    }
    expect(ourYear(db, { userId: sam, timeZone: zone, year: 2026, now: june30 }).partners[0]!.memories).toBe(1);

    // A day later, nothing written: the days apart grew by one.
    const apart = ourYear(db, { userId: alex, timeZone: zone, year: 2026, now: june30 }).days.apart;
    expect(ourYear(db, { userId: alex, timeZone: zone, year: 2026, now: at("2026-07-01T12:00:00Z") }).days.apart).toBe(
      apart + 1,
    );
  });
});
