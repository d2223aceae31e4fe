import { ON_THIS_DAY_MAX } from "@spankbank/shared/limits";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { addMemory, deleteMemories } from "./memories.js";
import { onThisDay } from "./onThisDay.js";
import { answerQuestion, askQuestion } from "./questions/index.js";
import { openTestDb } from "./test/testDb.js";

let db: Db;
let alex: number;
let sam: number;

beforeEach(() => {
  ({ db, alex, sam } = openTestDb());
});

const economy = { answerReward: 0 };
const NOW = new Date("2026-11-22T06:00:00Z"); // 22 November in New York (01:00 local)

describe("onThisDay", () => {
  it("finds memories from this calendar day in earlier months and years, in the couple's zone, newest first", () => {
    const memory = (message: string, iso: string) => addMemory(db, { userId: alex, message, createdAt: new Date(iso) });
    memory("A year ago", "2025-11-22T23:30:00Z"); // still 22 November in New York (18:30)
    memory("Two months ago", "2026-09-22T12:00:00Z");
    memory("The day before, in New York", "2026-10-22T03:00:00Z"); // 21 October 23:00 local
    memory("Today", "2026-11-22T05:30:00Z");
    const deleted = memory("Deleted", "2026-10-22T12:00:00Z");
    deleteMemories(db, [deleted.id]);

    const today = onThisDay(db, NOW, "America/New_York");
    expect(today.date).toBe("2026-11-22");
    expect(today.memories.map((m) => [m.message, m.monthsAgo])).toEqual([
      ["Two months ago", 2],
      ["A year ago", 12],
    ]);
    expect(today.memories[0]).toMatchObject({ username: "alex_d", createdAt: "2026-09-22T12:00:00.000Z" });
  });

  /** On the 22nd of each of the last `months` months: `perDay` memories and a question both answered. */
  function busyDays(months: number, perDay: number) {
    for (let monthsAgo = 1; monthsAgo <= months; monthsAgo += 1) {
      const at = new Date(Date.UTC(2026, 10 - monthsAgo, 22, 16));
      for (let i = 0; i < perDay; i++) addMemory(db, { userId: alex, message: `${monthsAgo}:${i}`, createdAt: at });
      const asked = askQuestion(db, { text: `Asked ${monthsAgo} months ago`, now: at });
      for (const userId of [alex, sam]) {
        answerQuestion(db, { userId, questionId: asked.id, response: "Yes", now: at }, economy);
      }
    }
  }

  it("stops at ON_THIS_DAY_MAX memories and answers: the year first, then one from each nearest month, each question with both answers", () => {
    busyDays(ON_THIS_DAY_MAX + 6, 2);
    const today = onThisDay(db, NOW, "America/New_York");
    expect(today.memories).toHaveLength(ON_THIS_DAY_MAX);
    expect(today.answers).toHaveLength(ON_THIS_DAY_MAX);
    // One memory from each of the twelve nearest months, a year ago among them, newest first.
    expect(today.memories.map((m) => m.monthsAgo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Six questions, both answers each: a year ago, then the five nearest months.
    expect(today.answers.map((a) => [a.monthsAgo, a.username])).toEqual(
      [1, 2, 3, 4, 5, 12].flatMap((monthsAgo) => [
        [monthsAgo, "alex_d"],
        [monthsAgo, "sam_r"],
      ]),
    );
  });

  it("after ten busy years, shows every year ago today, from a year to ten, before the recent months", () => {
    busyDays(120, 3);
    const today = onThisDay(db, NOW, "America/New_York");
    const years = [12, 24, 36, 48, 60, 72, 84, 96, 108, 120];
    expect(today.memories.map((m) => m.monthsAgo)).toEqual([1, 2, ...years]);
    expect(new Set(today.answers.map((a) => a.monthsAgo))).toEqual(new Set(years.slice(0, ON_THIS_DAY_MAX / 2)));
  });

  it("takes a second memory from a day once every day has given one", () => {
    busyDays(3, 4);
    const { memories } = onThisDay(db, NOW, "America/New_York");
    expect(memories.map((m) => m.monthsAgo)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
  });

  it("finds both partners' answers given on this day a month ago, with their question", () => {
    const asked = askQuestion(db, { text: "Favourite trip?", now: new Date("2026-10-22T14:00:00Z") });
    for (const userId of [alex, sam]) {
      answerQuestion(
        db,
        { userId, questionId: asked.id, response: `answer ${userId}`, now: new Date("2026-10-22T15:00:00Z") },
        economy,
      );
    }
    const { answers, memories } = onThisDay(db, NOW, "America/New_York");
    expect(memories).toEqual([]);
    expect(answers.map((a) => [a.question, a.username, a.response, a.monthsAgo])).toEqual([
      ["Favourite trip?", "alex_d", `answer ${alex}`, 1],
      ["Favourite trip?", "sam_r", `answer ${sam}`, 1],
    ]);
  });

  it("answers nothing for an empty database", () => {
    expect(onThisDay(db, NOW, "Asia/Kolkata")).toEqual({ date: "2026-11-22", memories: [], answers: [] });
  });
});
