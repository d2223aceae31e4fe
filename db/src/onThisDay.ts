import { sameDayInEarlierMonths, startOfDay } from "@spankbank/shared/calendar";
import { ON_THIS_DAY_MAX } from "@spankbank/shared/limits";
import { calendarDate } from "@spankbank/shared/quoteOfTheDay";
import { and, asc, desc, eq, gte, isNull, lt, min, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { param, preparedFor } from "./prepared.js";
import { answers, memories, questions, users } from "./schema.js";

export interface MemoryOnThisDay {
  id: number;
  message: string;
  username: string;
  createdAt: string;
  monthsAgo: number;
}

export interface AnswerOnThisDay {
  questionId: number;
  question: string;
  username: string;
  response: string;
  createdAt: string;
  /** Both partners have answered its question (so neither answer is sealed). */
  bothAnswered: boolean;
  monthsAgo: number;
}

export interface OnThisDay {
  /** Today in the couple's zone, YYYY-MM-DD. */
  date: string;
  memories: MemoryOnThisDay[];
  answers: AnswerOnThisDay[];
}

const range = { from: param("from"), to: param("to") };

const statements = preparedFor((db) => ({
  oldestMemory: db
    .select({ at: min(memories.createdAt) })
    .from(memories)
    .prepare(),
  oldestAnswer: db
    .select({ at: min(answers.createdAt) })
    .from(answers)
    .prepare(),
  memoriesBetween: db
    .select({ id: memories.id, message: memories.message, username: users.responseName, createdAt: memories.createdAt })
    .from(memories)
    .innerJoin(users, eq(users.id, memories.userId))
    .where(and(isNull(memories.deletedAt), gte(memories.createdAt, range.from), lt(memories.createdAt, range.to)))
    .orderBy(desc(memories.createdAt), desc(memories.id))
    .limit(param("limit"))
    .offset(param("offset"))
    .prepare(),
  answersBetween: db
    .select({
      questionId: answers.questionId,
      question: questions.text,
      username: users.responseName,
      response: answers.response,
      createdAt: answers.createdAt,
      bothAnswered: sql<number>`${questions.revealedAt} IS NOT NULL`.mapWith(Boolean),
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(users, eq(users.id, answers.userId))
    .where(and(gte(answers.createdAt, range.from), lt(answers.createdAt, range.to)))
    .orderBy(asc(answers.questionId), asc(users.id))
    .limit(param("limit"))
    .offset(param("offset"))
    .prepare(),
}));

/**
 * The memories and answers from today's calendar day (in the couple's zone) in earlier years and
 * months, at most ON_THIS_DAY_MAX of each, newest first. The years come first, then the other
 * months nearest first, one memory and one question's answers from each day in turn: ten years of
 * busy days would otherwise fill the card from the last few months and never reach "A year ago".
 */
export function onThisDay(db: Db, now: Date, timeZone: string): OnThisDay {
  const date = calendarDate(now, timeZone);
  const { oldestMemory, oldestAnswer, memoriesBetween, answersBetween } = statements(db);
  const oldestRow = [oldestMemory.get()?.at, oldestAnswer.get()?.at]
    .filter((at): at is string => Boolean(at))
    .sort()[0];
  const result: OnThisDay = { date, memories: [], answers: [] };
  if (oldestRow === undefined) return result;
  const earlier = sameDayInEarlierMonths(date, calendarDate(new Date(oldestRow), timeZone));
  const days = [
    ...earlier.filter((day) => day.monthsAgo % 12 === 0),
    ...earlier.filter((day) => day.monthsAgo % 12),
  ].map((day) => ({
    ...day,
    range: undefined as { from: string; to: string } | undefined,
    memoriesLeft: true,
    answersLeft: true,
  }));
  // A day's instants in the couple's zone are worked out when it is first read: at ten years most
  // of the 120 days are never reached, and each costs four time-zone lookups.
  const rangeOf = (day: (typeof days)[number]) => {
    day.range ??= {
      from: startOfDay(day.date, timeZone).toISOString(),
      to: startOfDay(nextDate(day.date), timeZone).toISOString(),
    };
    return day.range;
  };
  const memoriesWanted = () => result.memories.length < ON_THIS_DAY_MAX && days.some((day) => day.memoriesLeft);
  const answersWanted = () => result.answers.length < ON_THIS_DAY_MAX && days.some((day) => day.answersLeft);
  for (let round = 0; memoriesWanted() || answersWanted(); round++) {
    for (const day of days) {
      const { monthsAgo } = day;
      if (day.memoriesLeft && result.memories.length < ON_THIS_DAY_MAX) {
        const { from, to } = rangeOf(day);
        const [memory] = memoriesBetween.all({ from, to, limit: 1, offset: round });
        if (memory) result.memories.push({ ...memory, monthsAgo });
        else day.memoriesLeft = false;
      }
      if (day.answersLeft && result.answers.length < ON_THIS_DAY_MAX) {
        const { from, to } = rangeOf(day);
        // A question's two answers: both partners', asked and answered that day.
        const pair = answersBetween.all({ from, to, limit: 2, offset: 2 * round });
        for (const answer of pair.slice(0, ON_THIS_DAY_MAX - result.answers.length))
          result.answers.push({ ...answer, monthsAgo });
        if (pair.length < 2) day.answersLeft = false;
      }
    }
  }
  result.memories.sort((a, b) => a.monthsAgo - b.monthsAgo || b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  result.answers.sort((a, b) => a.monthsAgo - b.monthsAgo || a.questionId - b.questionId);
  return result;
}

function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
