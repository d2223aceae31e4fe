import { describe, expect, it } from "vitest";
import { ourYear } from "./ourYear.js";
import { answerQuestion, dailyQuestionToPost, seedQuestionBank } from "./questions/index.js";
import { openTestDb } from "./test/testDb.js";

const economy = { answerReward: 5 };
const couple = { longDistance: false, livingTogether: false, pets: false, spicy: false };
const at = (iso: string) => new Date(iso);
const zone = "Asia/Kolkata";

describe("Our year: an answer edited later", () => {
  it("keeps counting an answer in the month it was given when its words are fixed weeks later", () => {
    const { db, alex, sam } = openTestDb();
    seedQuestionBank(db, ["Mountains or sea?", "Best breakfast?"], at("2026-01-01T00:00:00Z"));
    // 10 March: both answer the daily question that day.
    const march = dailyQuestionToPost(db, "2026-03-10", couple, at("2026-03-10T03:30:00Z"))!;
    for (const userId of [alex, sam]) {
      answerQuestion(
        db,
        { userId, questionId: march.id, response: "The sea", now: at("2026-03-10T05:00:00Z") },
        economy,
      );
    }
    // 2 May: Alex fixes a typo in that March answer on the Q&A page.
    answerQuestion(
      db,
      { userId: alex, questionId: march.id, response: "The sea, always", now: at("2026-05-02T05:00:00Z") },
      economy,
    );
    const year = ourYear(db, { userId: alex, timeZone: zone, year: 2026, now: at("2026-06-30T12:00:00Z") });
    const marchRow = year.months[2]!;
    const mayRow = year.months[4]!;
    // March: the daily question both answered, and both answers given in it.
    expect(marchRow.bothAnswered).toBe(1);
    expect(marchRow.answers).toEqual([1, 1]);
    expect(mayRow.answers).toEqual([0, 0]);
  });

  it("keeps a December answer in December's year when it is edited in January", () => {
    const { db, alex, sam } = openTestDb();
    seedQuestionBank(db, ["Mountains or sea?", "Best breakfast?"], at("2025-12-01T00:00:00Z"));
    const december = dailyQuestionToPost(db, "2025-12-20", couple, at("2025-12-20T03:30:00Z"))!;
    for (const userId of [alex, sam]) {
      answerQuestion(
        db,
        { userId, questionId: december.id, response: "Snow", now: at("2025-12-20T05:00:00Z") },
        economy,
      );
    }
    answerQuestion(
      db,
      { userId: sam, questionId: december.id, response: "Snow and cocoa", now: at("2026-01-03T05:00:00Z") },
      economy,
    );
    const y2025 = ourYear(db, { userId: sam, timeZone: zone, year: 2025, now: at("2026-01-05T12:00:00Z") });
    expect(y2025.partners.map((p) => p.answers)).toEqual([1, 1]);
  });
});
