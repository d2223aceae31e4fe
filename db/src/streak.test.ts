import { describe, expect, it } from "vitest";
import { answerQuestion, dailyQuestionToPost, seedQuestionBank } from "./questions/index.js";
import { coupleStreak } from "./streak.js";
import { openTestDb } from "./test/testDb.js";

const economy = { answerReward: 5 };
const couple = { longDistance: false, livingTogether: false, pets: false, spicy: false };
const at = (iso: string) => new Date(iso);

describe("coupleStreak across a bot that was away", () => {
  it("counts a day both answered in Discord in time, though the bot read the replies only after the next question was asked", () => {
    const { db, alex, sam } = openTestDb();
    seedQuestionBank(db, ["One?", "Two?", "Three?", "Four?"], at("2026-03-01T00:00:00Z"));
    // Friday and Saturday: both answered the same day, the bot listening.
    for (const day of ["2026-03-06", "2026-03-07"]) {
      const question = dailyQuestionToPost(db, day, couple, at(`${day}T09:00:00Z`))!;
      for (const userId of [alex, sam]) {
        answerQuestion(db, { userId, questionId: question.id, response: "yes", now: at(`${day}T12:00:00Z`) }, economy);
      }
    }
    // Sunday's question is posted; then the box is switched off until Monday 10:00. Both reply
    // to Sunday's question in Discord on Sunday evening, while nothing listens.
    const sunday = dailyQuestionToPost(db, "2026-03-08", couple, at("2026-03-08T09:00:00Z"))!;
    // Monday: the bot starts, posts Monday's question at once (its time has passed), then its
    // catch-up reads Sunday's replies, each dated when it was written.
    const monday = at("2026-03-09T10:00:00Z");
    dailyQuestionToPost(db, "2026-03-09", couple, monday);
    const readAt = at("2026-03-09T10:00:05Z");
    answerQuestion(
      db,
      { userId: alex, questionId: sunday.id, response: "me", writtenAt: at("2026-03-08T19:00:00Z"), now: readAt },
      economy,
    );
    answerQuestion(
      db,
      { userId: sam, questionId: sunday.id, response: "me too", writtenAt: at("2026-03-08T20:00:00Z"), now: readAt },
      economy,
    );
    const streak = coupleStreak(db);
    expect(streak.best).toBe(3);
    expect(streak.current).toBe(3);
  });
});

describe("streak milestones across a bot that was away", () => {
  it("announces the 7-day milestone reached by replies the bot read after the next question was asked", () => {
    const { db, alex, sam } = openTestDb();
    seedQuestionBank(
      db,
      Array.from({ length: 10 }, (_, i) => `Question ${i + 1}?`),
      at("2026-03-01T00:00:00Z"),
    );
    // Six days in a row, 2 to 7 March, both answering the same day.
    for (let d = 2; d <= 7; d++) {
      const day = `2026-03-0${d}`;
      const question = dailyQuestionToPost(db, day, couple, at(`${day}T09:00:00Z`))!;
      for (const userId of [alex, sam]) {
        answerQuestion(db, { userId, questionId: question.id, response: "yes", now: at(`${day}T12:00:00Z`) }, economy);
      }
    }
    // The seventh day's question; both reply in Discord that evening while the box is off.
    const sunday = dailyQuestionToPost(db, "2026-03-08", couple, at("2026-03-08T09:00:00Z"))!;
    dailyQuestionToPost(db, "2026-03-09", couple, at("2026-03-09T10:00:00Z"));
    const readAt = at("2026-03-09T10:00:05Z");
    for (const [userId, hour] of [
      [alex, "19"],
      [sam, "20"],
    ] as const) {
      answerQuestion(
        db,
        { userId, questionId: sunday.id, response: "me", writtenAt: at(`2026-03-08T${hour}:00:00Z`), now: readAt },
        economy,
      );
    }
    expect(coupleStreak(db).current).toBe(7);
    const milestones = db.$client
      .prepare("SELECT payload FROM outbox WHERE kind = 'streak_milestone' ORDER BY id")
      .all()
      .map((row) => JSON.parse((row as { payload: string }).payload));
    expect(milestones).toEqual([{ days: 7 }]);
  });
});
