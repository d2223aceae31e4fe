// The couple's streak (issue 36): daily questions in a row both answered, and its milestones.
import { STREAK_MILESTONE_DAYS } from "@spankbank/shared/limits";
import { and, asc, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { isoNow } from "./clock.js";
import { enqueueEvent } from "./outbox.js";
import { LIMIT_ONE, param, preparedFor } from "./prepared.js";
import { questions, streakMilestones } from "./schema.js";

export interface CoupleStreak {
  /** Daily questions in a row both answered, up to the latest (still open, it does not break it). */
  current: number;
  best: number;
  /** Both have answered the latest daily question. */
  answeredToday: boolean;
  /** The first question of the current streak (names it for its milestones), null at 0. */
  firstQuestionId: number | null;
  /** Missed days frozen, by month of the daily question's calendar (YYYY-MM). */
  frozenByMonth: ReadonlyMap<string, number>;
}

const dailyColumns = {
  id: questions.id,
  dailyFor: questions.dailyFor,
  askedAt: questions.askedAt,
  revealedAt: questions.revealedAt,
};

const statements = preparedFor((db) => ({
  // Every daily question in day order: each is one day of the couple's calendar of questions.
  daily: db
    .select(dailyColumns)
    .from(questions)
    .where(isNotNull(questions.dailyFor))
    .orderBy(asc(questions.dailyFor))
    .prepare(),
  // One year's daily questions (Our year), and the first one after it.
  dailyOfYear: db
    .select(dailyColumns)
    .from(questions)
    .where(and(gte(questions.dailyFor, param("from")), lt(questions.dailyFor, param("to"))))
    .orderBy(asc(questions.dailyFor))
    .prepare(),
  dailyFrom: db
    .select(dailyColumns)
    .from(questions)
    .where(gte(questions.dailyFor, param("from")))
    .orderBy(asc(questions.dailyFor))
    .limit(LIMIT_ONE)
    .prepare(),
  markMilestone: db
    .insert(streakMilestones)
    .values({
      days: sql.placeholder("days"),
      firstQuestionId: sql.placeholder("firstQuestionId"),
      enqueuedAt: sql.placeholder("enqueuedAt"),
    })
    .onConflictDoNothing()
    .prepare(),
}));

/**
 * The streak from the daily questions: a day counts when both answered (the reveal) before the
 * next daily question was asked, so each partner has the whole of their own day and night to
 * answer, wherever they live. The latest question, while not both answered, breaks nothing yet.
 * A day the bot asked nothing (it was down) neither counts nor breaks. With `freezesPerMonth`
 * (the couple's `economy.streakFreezesPerMonth`), that many missed days of each calendar month (of
 * the daily question's zone) are frozen: they neither count nor break a streak under way.
 */
export function coupleStreak(db: Db, freezesPerMonth = 0): CoupleStreak {
  return streakOf(statements(db).daily.all(), freezesPerMonth);
}

/**
 * The streak within one calendar year of daily questions (Our year): the same rule over that
 * year's days, the first daily question after it deciding whether its last day counted.
 */
export function yearStreak(db: Db, year: number, freezesPerMonth = 0): CoupleStreak {
  const range = { from: `${year}-01-01`, to: `${year + 1}-01-01` };
  const following = statements(db).dailyFrom.get({ from: range.to });
  return streakOf(statements(db).dailyOfYear.all(range), freezesPerMonth, following);
}

interface StreakDay {
  id: number;
  dailyFor: string | null;
  askedAt: string;
  revealedAt: string | null;
}

/** The streak over `days` (in day order), `following` the daily question after the last, if any. */
function streakOf(days: StreakDay[], freezesPerMonth: number, following?: StreakDay): CoupleStreak {
  let run = 0;
  let best = 0;
  let firstQuestionId: number | null = null;
  const frozen = new Map<string, number>();
  days.forEach((day, i) => {
    const next = days[i + 1] ?? following;
    const counts = day.revealedAt !== null && (!next || day.revealedAt < next.askedAt);
    const month = day.dailyFor!.slice(0, 7);
    if (counts) {
      if (run === 0) firstQuestionId = day.id;
      run++;
      best = Math.max(best, run);
    } else if (next && run > 0 && (frozen.get(month) ?? 0) < freezesPerMonth) {
      frozen.set(month, (frozen.get(month) ?? 0) + 1);
    } else if (next) {
      run = 0;
      firstQuestionId = null;
    }
  });
  const answeredToday = days.at(-1)?.revealedAt != null;
  return { current: run, best, answeredToday, firstQuestionId, frozenByMonth: frozen };
}

/**
 * The streak as it stood with the daily question `questionId` (the one just revealed), the next
 * daily question deciding whether it counted: a reveal read late (replies caught up after the next
 * question was posted) reaches its milestone all the same. Any other question: the streak now.
 */
function streakUpTo(db: Db, questionId: number | undefined, freezesPerMonth: number): CoupleStreak {
  const days = statements(db).daily.all();
  const index = days.findIndex((day) => day.id === questionId);
  if (index < 0) return streakOf(days, freezesPerMonth);
  return streakOf(days.slice(0, index + 1), freezesPerMonth, days[index + 1]);
}

/**
 * After both answered a question: when the streak has just reached a milestone (7, 30, 100, 365
 * days), writes its announcement to the outbox, once per streak (its mark and its event in the
 * caller's transaction). For both partners: silent while either sleeps, never held.
 */
export function announceStreakMilestone(tx: Db, now: Date, freezesPerMonth = 0, revealedQuestionId?: number): void {
  const streak = streakUpTo(tx, revealedQuestionId, freezesPerMonth);
  const days = STREAK_MILESTONE_DAYS.find((milestone) => milestone === streak.current);
  if (days === undefined || streak.firstQuestionId === null || !streak.answeredToday) return;
  const marked = statements(tx).markMilestone.run({
    days,
    firstQuestionId: streak.firstQuestionId,
    enqueuedAt: isoNow(now),
  });
  if (marked.changes > 0) enqueueEvent(tx, "streak_milestone", { days }, now);
}
