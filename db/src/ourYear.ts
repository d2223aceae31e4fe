// Our year, in pictures (issue 37): a calendar year's figures, counted in SQL over that year's rows only.

import { daysBetween, startOfDay } from "@spankbank/shared/calendar";
import { and, asc, count, eq, gte, isNull, lt, lte, min, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.js";
import { addDays, dayIn } from "./clock.js";
import { Refusal } from "./errors.js";
import { literal, param, preparedFor } from "./prepared.js";
import {
  accounts,
  answers,
  bounties,
  memories,
  purchases,
  questions,
  redemptions,
  transfers,
  users,
  visits,
  workouts,
} from "./schema.js";
import { coupleStreak, yearStreak } from "./streak.js";
import { keptUntilWritten } from "./untilWritten.js";

export interface OurYearPartner {
  userId: number;
  username: string;
  displayName: string;
  memories: number;
  answers: number;
  workouts: number;
  earned: number;
  spent: number;
  donated: number;
}

export interface OurYear {
  year: number;
  /** Years with something in them, newest first; this year always. */
  years: number[];
  /** You first. */
  partners: OurYearPartner[];
  /** January to December; `memories` and `answers` per partner in the order of `partners`. */
  months: { month: number; memories: number[]; answers: number[]; bothAnswered: number }[];
  /** Monday weeks of the year (0: the days before its first Monday); workouts per partner. */
  weeks: { week: number; workouts: number[] }[];
  streak: { best: number; current: number; asked: number; bothAnswered: number };
  days: { together: number; apart: number; planned: number; visits: number };
}

/** Transfers to a partner that they earned: not the starting grant, nor spanks coming back. */
const EARNED_KINDS = sql.raw("('award', 'workout', 'answer', 'guess', 'demo', 'confirm', 'bounty_payout')");
/** Transfers from a partner: paying for a favour or a bounty, or giving to the charity. */
const PAID_KINDS = sql.raw("('purchase', 'bounty', 'donation')");
// The kinds are written `+kind`: the year's range (transfers_created) is the read, never every transfer of a kind.

const instantRange = (column: SQLiteColumn) => and(gte(column, param("from")), lt(column, param("to")));
/**
 * How many of the starts `names` (bound as ISO instants, in order) an instant has reached: 0 before
 * the first, 1 before the second... Compared, no row formatted; a local month or week starts where
 * the couple's clock says, DST included.
 */
const rangeOf = (column: SQLiteColumn, names: string[]) =>
  sql<number>`(${sql.join(
    names.map((name) => sql`(${column} >= ${param(name)})`),
    sql` + `,
  )})`;
/** The starts of months 2 to 12, as bound: month 1 is the year's start (`from`). */
const MONTH_STARTS = Array.from({ length: 11 }, (_, i) => `month${i + 2}`);
/** The starts of the year's Monday weeks 1 to 53 (a 53rd only in some years), as bound. */
const WEEK_STARTS = Array.from({ length: 53 }, (_, i) => `week${i + 1}`);
const month = (column: SQLiteColumn) => rangeOf(column, MONTH_STARTS);
/** The month (01 to 12) of a day written YYYY-MM-DD: a daily question's day is already the couple's. */
const dayMonth = (column: SQLiteColumn) => sql<string>`substr(${column}, 6, 2)`;

const statements = preparedFor((db) => ({
  partners: db
    .select({ id: users.id, username: users.username, displayName: users.displayName, timeZone: users.timeZone })
    .from(users)
    .orderBy(asc(users.id))
    .prepare(),
  memoriesByMonth: db
    .select({ userId: memories.userId, month: month(memories.createdAt), n: count() })
    .from(memories)
    .where(and(isNull(memories.deletedAt), instantRange(memories.createdAt)))
    .groupBy(memories.userId, month(memories.createdAt))
    .prepare(),
  // By the month its question was asked: an answer's own stamp moves with every edit of its words
  // (it is the answer's version), and the month's "both answered" counts by the question too.
  answersByMonth: db
    .select({ userId: answers.userId, month: month(questions.askedAt), n: count() })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(instantRange(questions.askedAt))
    .groupBy(answers.userId, month(questions.askedAt))
    .prepare(),
  dailyByMonth: db
    .select({ month: dayMonth(questions.dailyFor), asked: count(), bothAnswered: count(questions.revealedAt) })
    .from(questions)
    .where(and(gte(questions.dailyFor, param("firstDay")), lt(questions.dailyFor, param("nextYearDay"))))
    .groupBy(dayMonth(questions.dailyFor))
    .prepare(),
  workoutsByWeek: db
    .select({
      userId: workouts.userId,
      week: rangeOf(workouts.createdAt, WEEK_STARTS),
      n: count(),
    })
    .from(workouts)
    .where(and(sql`${workouts.userId} IN (${param("first")}, ${param("second")})`, instantRange(workouts.createdAt)))
    .groupBy(workouts.userId, rangeOf(workouts.createdAt, WEEK_STARTS))
    .prepare(),
  earned: db
    .select({ userId: accounts.userId, total: sql<number>`sum(${transfers.amount})` })
    .from(transfers)
    .innerJoin(accounts, eq(accounts.id, transfers.creditAccountId))
    .where(and(instantRange(transfers.createdAt), sql`+${transfers.kind} IN ${EARNED_KINDS}`))
    .groupBy(accounts.userId)
    .prepare(),
  // A favour declined or expired, or a bounty refunded, gave its spanks back: not spent.
  paid: db
    .select({ userId: accounts.userId, kind: transfers.kind, total: sql<number>`sum(${transfers.amount})` })
    .from(transfers)
    .innerJoin(accounts, eq(accounts.id, transfers.debitAccountId))
    .leftJoin(
      purchases,
      and(
        sql`${transfers.kind} = 'purchase'`,
        eq(purchases.id, sql`CAST(substr(${transfers.reference}, ${literal("purchase:".length + 1)}) AS INTEGER)`),
      ),
    )
    .leftJoin(redemptions, eq(redemptions.id, purchases.redemptionId))
    .leftJoin(bounties, eq(bounties.escrowTransferId, transfers.id))
    .where(
      and(
        instantRange(transfers.createdAt),
        sql`+${transfers.kind} IN ${PAID_KINDS}`,
        isNull(purchases.expiredAt),
        isNull(redemptions.declinedAt),
        sql`${bounties.status} IS NOT 'refunded'`,
      ),
    )
    .groupBy(accounts.userId, transfers.kind)
    .prepare(),
  // Days of each visit inside [from, until], both ends counted; `planned` the same after `today`.
  together: db
    .select({
      visits: count(),
      together: sql<number>`coalesce(sum(max(0, julianday(min(${visits.endDate}, ${param("until")})) - julianday(max(${visits.startDate}, ${param("firstDay")})) + 1)), 0)`,
      planned: sql<number>`coalesce(sum(max(0, julianday(min(${visits.endDate}, ${param("lastDay")})) - julianday(max(${visits.startDate}, ${param("after")})) + 1)), 0)`,
    })
    .from(visits)
    .where(and(lte(visits.startDate, param("lastDay")), gte(visits.endDate, param("firstDay"))))
    .prepare(),
  firstMemory: db
    .select({ at: min(memories.createdAt) })
    .from(memories)
    .prepare(),
  firstAnswer: db
    .select({ at: min(answers.createdAt) })
    .from(answers)
    .prepare(),
  firstTransfer: db
    .select({ at: min(transfers.createdAt) })
    .from(transfers)
    .prepare(),
  firstVisit: db
    .select({ at: min(visits.startDate) })
    .from(visits)
    .prepare(),
}));

/**
 * The couple's year `year` (this year on `userId`'s calendar when absent), `userId` first: each
 * partner's memories, answers, workouts and spanks, the months and weeks, the year's streak, and
 * the days together and apart (to today on `userId`'s calendar). Months and weeks are the
 * couple's, on the calendar of `timeZone` (the daily question's zone, whose days the questions are).
 */
export function ourYear(
  db: Db,
  request: { userId: number; timeZone: string; year?: number; freezesPerMonth?: number; now?: Date },
): OurYear {
  const s = statements(db);
  const now = request.now ?? new Date();
  const all = s.partners.all();
  const you = all.find((partner) => partner.id === request.userId);
  if (!you) throw new Refusal("not_found", `No partner ${request.userId}`);
  const partners = [you, ...all.filter((partner) => partner.id !== you.id)];
  const today = dayIn(you.timeZone, now);
  const thisYear = Number(today.slice(0, 4));
  const year = request.year ?? thisYear;
  // Every figure is a count over the year's rows, worked out again only after a write; `today`
  // moves the days together and apart.
  const freezesPerMonth = request.freezesPerMonth ?? 0;
  const { timeZone } = request;
  return keptUntilWritten(db, `our year ${you.id} ${year} ${timeZone} ${freezesPerMonth} ${today}`, () =>
    yearOf(db, { partners, year, timeZone, thisYear, today, freezesPerMonth }),
  );
}

/** The figures `ourYear` answers, counted. */
function yearOf(
  db: Db,
  {
    partners,
    year,
    timeZone,
    thisYear,
    today,
    freezesPerMonth,
  }: {
    partners: { id: number; username: string; displayName: string }[];
    year: number;
    timeZone: string;
    thisYear: number;
    today: string;
    freezesPerMonth: number;
  },
): OurYear {
  const s = statements(db);
  const firstDay = `${year}-01-01`;
  const lastDay = `${year}-12-31`;
  const nextYearDay = `${year + 1}-01-01`;
  const startOf = (day: string) => startOfDay(day, timeZone).toISOString();
  // The year's rows are read by the instants its local days start at: the couple's 1 January in
  // Auckland starts at 11:00 UTC on 31 December.
  const instants = { from: startOf(firstDay), to: startOf(nextYearDay) };
  const monthStarts = Object.fromEntries(
    MONTH_STARTS.map((name, i) => [name, startOf(`${year}-${String(i + 2).padStart(2, "0")}-01`)]),
  );
  // Week 1 starts on the year's first Monday; a 53rd week the year does not reach starts at its end.
  const firstMonday = addDays(firstDay, (8 - new Date(`${firstDay}T00:00:00Z`).getUTCDay()) % 7);
  const weekStarts = Object.fromEntries(
    WEEK_STARTS.map((name, i) => {
      const monday = addDays(firstMonday, 7 * i);
      return [name, monday < nextYearDay ? startOf(monday) : instants.to];
    }),
  );
  const indexOf = new Map(partners.map((partner, i) => [partner.id, i]));
  const perPartner = () => partners.map(() => 0);

  const months = Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    memories: perPartner(),
    answers: perPartner(),
    bothAnswered: 0,
  }));
  const place = (row: { userId: number; month: number; n: number }, key: "memories" | "answers") => {
    const at = indexOf.get(row.userId);
    if (at !== undefined) months[row.month]![key][at] = row.n;
  };
  for (const row of s.memoriesByMonth.all({ ...instants, ...monthStarts })) place(row, "memories");
  for (const row of s.answersByMonth.all({ ...instants, ...monthStarts })) place(row, "answers");
  let asked = 0;
  for (const row of s.dailyByMonth.all({ firstDay, nextYearDay })) {
    months[Number(row.month) - 1]!.bothAnswered = row.bothAnswered;
    asked += row.asked;
  }

  // Monday weeks: week 0 holds the days before the first Monday (none when the year starts on one).
  const lastWeek = Number(weekOf(lastDay));
  const weeks = Array.from({ length: lastWeek + 1 }, (_, week) => ({ week, workouts: perPartner() }));
  const [first, second] = partners;
  const week = { ...instants, ...weekStarts, first: first?.id ?? 0, second: second?.id ?? 0 };
  for (const row of s.workoutsByWeek.all(week)) {
    const at = indexOf.get(row.userId);
    if (at !== undefined) weeks[Number(row.week)]!.workouts[at] = row.n;
  }
  if (weeks[0] && weekOf(firstDay) === "01") weeks.shift();

  const figures = partners.map((partner) => ({
    userId: partner.id,
    username: partner.username,
    displayName: partner.displayName,
    memories: months.reduce((sum, m) => sum + m.memories[indexOf.get(partner.id)!]!, 0),
    answers: months.reduce((sum, m) => sum + m.answers[indexOf.get(partner.id)!]!, 0),
    workouts: weeks.reduce((sum, w) => sum + w.workouts[indexOf.get(partner.id)!]!, 0),
    earned: 0,
    spent: 0,
    donated: 0,
  }));
  for (const row of s.earned.all(instants)) {
    const at = row.userId === null ? undefined : indexOf.get(row.userId);
    if (at !== undefined) figures[at]!.earned = row.total;
  }
  for (const row of s.paid.all(instants)) {
    const at = row.userId === null ? undefined : indexOf.get(row.userId);
    if (at === undefined) continue;
    if (row.kind === "donation") figures[at]!.donated += row.total;
    else figures[at]!.spent += row.total;
  }

  const until = today < lastDay ? today : lastDay;
  const after = today < firstDay ? firstDay : addDays(today, 1);
  const together = s.together.get({ firstDay, lastDay, until, after })!;
  const daysSoFar = today < firstDay ? 0 : daysBetween(firstDay, until) + 1;

  const bothAnswered = months.reduce((sum, m) => sum + m.bothAnswered, 0);
  return {
    year,
    years: yearsWithData(db, thisYear, timeZone),
    partners: figures,
    months,
    weeks,
    streak: {
      best: yearStreak(db, year, freezesPerMonth).best,
      current: coupleStreak(db, freezesPerMonth).current,
      asked,
      bothAnswered,
    },
    days: {
      together: together.together,
      apart: Math.max(0, daysSoFar - together.together),
      planned: together.planned,
      visits: together.visits,
    },
  };
}

/**
 * From the first year anything was saved (a memory, an answer, a transfer, a visit) to this one,
 * newest first: an instant's year on the calendar of `timeZone`, a visit's day as written.
 */
function yearsWithData(db: Db, thisYear: number, timeZone: string): number[] {
  const s = statements(db);
  const instants = [s.firstMemory, s.firstAnswer, s.firstTransfer]
    .map((statement) => statement.get()?.at)
    .filter((at): at is string => typeof at === "string")
    .map((at) => dayIn(timeZone, new Date(at)));
  const firsts = [...instants, s.firstVisit.get()?.at]
    .filter((at): at is string => typeof at === "string")
    .map((at) => Number(at.slice(0, 4)));
  const first = Math.min(thisYear, ...firsts);
  return Array.from({ length: thisYear - first + 1 }, (_, i) => thisYear - i);
}

/** SQLite's `%W` week of a date: Monday weeks, 00 before the year's first Monday. */
function weekOf(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  const dayOfYear = Math.floor((at.getTime() - Date.UTC(at.getUTCFullYear(), 0, 1)) / 86_400_000);
  const mondayBased = (at.getUTCDay() + 6) % 7;
  return String(Math.floor((dayOfYear + 7 - mondayBased) / 7)).padStart(2, "0");
}
