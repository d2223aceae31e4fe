import { DAY_MS } from "@spankbank/shared/calendar";
import type { CoupleSettings } from "@spankbank/shared/config";
import { bundledQuestions, type QuestionSeason, questionSeasons } from "@spankbank/shared/content/questionBank";
import { QUESTION_REPEAT_DAYS } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { inTransaction } from "../client.js";
import { openTestDb } from "../test/testDb.js";
import { dailyQuestionToPost, questionFits, seedQuestionBank } from "./index.js";

const noSettings: CoupleSettings = { longDistance: false, livingTogether: false, pets: false, spicy: false };
const couples: Record<string, CoupleSettings> = {
  default: noSettings,
  longDistance: { ...noSettings, longDistance: true },
  "livingTogether, pets, spicy": { ...noSettings, livingTogether: true, pets: true, spicy: true },
};

/** Every day (YYYY-MM-DD) of three years from 26 November 2026. */
const threeYears = Array.from({ length: 3 * 365 + 1 }, (_, n) =>
  new Date(Date.UTC(2026, 10, 26) + n * DAY_MS).toISOString().slice(0, 10),
);

/** Which season window (its first day) `day` is in, if any. */
function seasonOf(season: QuestionSeason, day: string): string | null {
  const { from, to } = questionSeasons[season];
  const monthDay = day.slice(5);
  const year = Number(day.slice(0, 4));
  if (from <= to) return monthDay >= from && monthDay <= to ? `${year}-${from}` : null;
  if (monthDay >= from) return `${year}-${from}`;
  return monthDay <= to ? `${year - 1}-${from}` : null;
}

/** Three years of daily questions for a couple, through the daily question's own claim. */
function simulate(couple: CoupleSettings) {
  const { db } = openTestDb();
  seedQuestionBank(db, bundledQuestions);
  const texts = new Map(bundledQuestions.map((question) => [question.text, question]));
  // One transaction around the thousand days (each day's claim a savepoint): it measures the rotation, not the disk.
  return inTransaction(db, () =>
    threeYears.map((day) => {
      const asked = dailyQuestionToPost(db, day, couple, new Date(`${day}T03:30:00Z`))!;
      return { day, question: texts.get(asked.text)! };
    }),
  );
}

describe("the daily question over three years", () => {
  for (const [name, couple] of Object.entries(couples)) {
    it(`${name}: no question twice within ${QUESTION_REPEAT_DAYS} days, each season spread through its window, a day's own question on its day`, () => {
      const asked = simulate(couple);
      const fitting = bundledQuestions.filter((question) => questionFits(question.tags, couple));
      const everyday = fitting.filter((question) => !question.season).length;
      const problems: string[] = [];
      let shortestGap = Number.POSITIVE_INFINITY;
      const lastDay = new Map<string, string>();
      for (const { day, question } of asked) {
        const last = lastDay.get(question.text);
        if (last) shortestGap = Math.min(shortestGap, (Date.parse(day) - Date.parse(last)) / DAY_MS);
        lastDay.set(question.text, day);
      }
      if (shortestGap < QUESTION_REPEAT_DAYS) problems.push(`a question came back after ${shortestGap} days`);

      for (const season of Object.keys(questionSeasons) as QuestionSeason[]) {
        const ofSeason = fitting.filter((question) => question.season === season);
        const windows = new Map<string, string[]>();
        for (const day of threeYears) {
          const start = seasonOf(season, day);
          if (start) windows.set(start, [...(windows.get(start) ?? []), day]);
        }
        for (const [start, days] of windows) {
          const whole = days.length === new Set(threeYears.filter((day) => seasonOf(season, day) === start)).size;
          const inWindow = asked.filter(({ day, question }) => days.includes(day) && question.season === season);
          // Room for a free day between each two of them.
          const roomy = days.length >= 2 * ofSeason.length - 1;
          for (let n = 1; n < inWindow.length; n++) {
            const gap = (Date.parse(inWindow[n]!.day) - Date.parse(inWindow[n - 1]!.day)) / DAY_MS;
            if (gap === 1 && roomy)
              problems.push(`${season} ${start}: asked on ${inWindow[n - 1]!.day} and the next day`);
          }
          for (const question of ofSeason) {
            const on = inWindow.filter((ask) => ask.question === question).map((ask) => ask.day);
            const itsDay = question.day && days.find((day) => day.endsWith(question.day!));
            if (itsDay && !on.includes(itsDay)) problems.push(`"${question.text}" not asked on ${itsDay} (${on})`);
            if (whole && on.length !== 1)
              problems.push(`"${question.text}" asked ${on.length} times in ${season} ${start}`);
          }
          // A window lasting longer than its questions does not ask them all in its first days.
          if (whole && ofSeason.length > 1 && days.length >= 2 * ofSeason.length) {
            const lastAsk = inWindow.at(-1)?.day ?? start;
            const reach = (Date.parse(lastAsk) - Date.parse(start)) / DAY_MS;
            if (reach < days.length / 2) problems.push(`${season} ${start}: every question asked by ${lastAsk}`);
          }
        }
      }
      expect(everyday).toBeGreaterThanOrEqual(QUESTION_REPEAT_DAYS);
      expect(problems, `shortest gap ${shortestGap} days, ${everyday} everyday questions`).toEqual([]);
    }, 60_000);
  }
});
