import { addDays, startOfDay } from "@spankbank/shared/calendar";
import { MEMORIES_PER_PAGE, TIMELINE_DAY_PER_PAGE } from "@spankbank/shared/limits";
import { calendarDate } from "@spankbank/shared/quoteOfTheDay";
import { and, asc, count, eq, gte, isNull, lt, min } from "drizzle-orm";
import type { Db } from "./client.js";
import { type BoardMemory, boardColumns } from "./memoryPages.js";
import { pageWindow } from "./paging.js";
import { param, preparedFor, rowsOf } from "./prepared.js";
import { memories, users } from "./schema.js";

/** A day holding memories on the couple's calendar, and how many. */
export interface DayCount {
  /** YYYY-MM-DD */
  date: string;
  count: number;
}

export interface TimelineYear {
  year: number;
  /** Today on the couple's calendar, YYYY-MM-DD. */
  today: string;
  /** The year of the oldest memory on the board; this year when there is none. */
  firstYear: number;
  total: number;
  /** Only the days holding memories, in date order. */
  days: DayCount[];
}

/** A memory of the day and its page of the memory board. */
export interface DayMemory extends BoardMemory {
  boardPage: number;
}

export interface DayMemories {
  date: string;
  /** Oldest first: the day as it happened. */
  memories: DayMemory[];
  page: number;
  pageCount: number;
  total: number;
}

const range = { from: param("from"), to: param("to") };
const onBoardBetween = and(
  isNull(memories.deletedAt),
  gte(memories.createdAt, range.from),
  lt(memories.createdAt, range.to),
);

const statements = preparedFor((db) => ({
  oldestOnBoard: db
    .select({ at: min(memories.createdAt) })
    .from(memories)
    .where(isNull(memories.deletedAt))
    .prepare(),
  /** Only the times, oldest first, read from the board's index alone. */
  timesBetween: db
    .select({ at: memories.createdAt })
    .from(memories)
    .where(onBoardBetween)
    .orderBy(asc(memories.createdAt))
    .prepare(),
  countBetween: db.select({ total: count() }).from(memories).where(onBoardBetween).prepare(),
  /** The memories on the board newer than an instant: the board (newest first) places the day after them. */
  countFrom: db
    .select({ total: count() })
    .from(memories)
    .where(and(isNull(memories.deletedAt), gte(memories.createdAt, param("from"))))
    .prepare(),
  dayPage: db
    .select(boardColumns)
    .from(memories)
    .innerJoin(users, eq(users.id, memories.userId))
    .where(onBoardBetween)
    .orderBy(asc(memories.createdAt), asc(memories.id))
    .limit(param("limit"))
    .offset(param("offset"))
    .prepare(),
}));

const dayRows = preparedFor((db) => rowsOf(statements(db).dayPage, boardColumns));

/** The instants a calendar day starts and ends in `timeZone`, as stored (ISO 8601 UTC). */
function dayBounds(date: string, timeZone: string): { from: string; to: string } {
  return {
    from: startOfDay(date, timeZone).toISOString(),
    to: startOfDay(addDays(date, 1), timeZone).toISOString(),
  };
}

/**
 * How many memories on the board each day of `year` holds, on the couple's calendar. One read of
 * the year's times from the index; a day's calendar date is worked out once, at its first memory,
 * so the cost follows the days with memories (at most 366), not the memories.
 */
export function timelineYear(db: Db, year: number | undefined, now: Date, timeZone: string): TimelineYear {
  const { oldestOnBoard, timesBetween } = statements(db);
  const today = calendarDate(now, timeZone);
  const shown = year ?? Number(today.slice(0, 4));
  const oldest = oldestOnBoard.get()?.at;
  const firstYear = oldest ? Number(calendarDate(new Date(oldest), timeZone).slice(0, 4)) : Number(today.slice(0, 4));
  const from = startOfDay(`${shown}-01-01`, timeZone).toISOString();
  const to = startOfDay(`${shown + 1}-01-01`, timeZone).toISOString();
  const days: DayCount[] = [];
  let dayEnd = "";
  let total = 0;
  for (const { at } of timesBetween.all({ from, to })) {
    if (at >= dayEnd) {
      const date = calendarDate(new Date(at), timeZone);
      dayEnd = dayBounds(date, timeZone).to;
      days.push({ date, count: 0 });
    }
    days[days.length - 1]!.count += 1;
    total += 1;
  }
  return { year: shown, today, firstYear: Math.min(firstYear, shown), total, days };
}

/**
 * The memories on the board from one calendar day (the couple's zone), oldest first, a page at a
 * time; each with its board page, counted once for the day: the board is newest first, so the
 * day's memories sit together right after every memory newer than the day.
 */
export function memoriesOfDay(db: Db, date: string, page: number, timeZone: string): DayMemories {
  const { countBetween, countFrom } = statements(db);
  const bounds = dayBounds(date, timeZone);
  const total = countBetween.get(bounds)?.total ?? 0;
  const window = pageWindow(total, page, TIMELINE_DAY_PER_PAGE);
  const rows = total === 0 ? [] : dayRows(db)({ ...bounds, limit: window.limit, offset: window.offset });
  const newer = total === 0 ? 0 : (countFrom.get({ from: bounds.to })?.total ?? 0);
  const memoriesOfPage = rows.map((row, index) => {
    // The newest of the day is first on the board; this one has the day's later memories before it.
    const before = newer + (total - 1 - (window.offset + index));
    return { ...row, boardPage: Math.floor(before / MEMORIES_PER_PAGE) + 1 };
  });
  return { date, memories: memoriesOfPage, page: window.page, pageCount: window.pageCount, total };
}
