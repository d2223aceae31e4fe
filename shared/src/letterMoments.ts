/**
 * When a letter for later opens: a date and time on the recipient's own clock, the anniversary, or
 * an "open when..." moment. Pure time-zone arithmetic with Intl (no date library is kept), shared
 * by the server (which seals) and the page (which shows the moment).
 */
import { instantAt, wallOf } from "./calendar.js";

/** The local time an anniversary letter opens, on the recipient's clock. */
export const ANNIVERSARY_OPENING_TIME = "08:00";

/** The "open when..." moments, as the envelope names them. */
export const OPEN_WHEN_MOMENTS = ["sad", "missing you", "can't sleep"] as const;
export type OpenWhenMoment = (typeof OPEN_WHEN_MOMENTS)[number];

/** "Open when you're sad" and the like: the envelope's own words. */
export function openWhenLabel(moment: OpenWhenMoment): string {
  switch (moment) {
    case "sad":
      return "Open when you're sad";
    case "missing you":
      return "Open when you're missing me";
    case "can't sleep":
      return "Open when you can't sleep";
  }
}

/** Whether `date` is a real YYYY-MM-DD calendar day. */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** The calendar day (YYYY-MM-DD) it is at `at` in `timeZone`. */
export function dayOnClock(at: Date, timeZone: string): string {
  return new Date(wallOf(at, timeZone)).toISOString().slice(0, 10);
}

/**
 * The anniversary's day in `year`: "MM-DD" (or a full date's month and day). The 29th of February
 * falls on the 28th in a year without one (the last day of that February).
 */
export function anniversaryIn(year: number, anniversary: string): string {
  const monthDay = anniversary.slice(-5);
  const date = `${String(year).padStart(4, "0")}-${monthDay}`;
  return isCalendarDate(date) ? date : `${String(year).padStart(4, "0")}-02-28`;
}

/**
 * The next time an anniversary letter opens after `now`: the anniversary's day at
 * ANNIVERSARY_OPENING_TIME on the recipient's clock, this year if that is still ahead, else next year.
 */
export function nextAnniversaryOpening(anniversary: string, timeZone: string, now: Date): { date: string; at: Date } {
  const thisYear = Number(dayOnClock(now, timeZone).slice(0, 4));
  for (const year of [thisYear, thisYear + 1]) {
    const date = anniversaryIn(year, anniversary);
    const at = instantAt(date, ANNIVERSARY_OPENING_TIME, timeZone);
    if (at > now) return { date, at };
  }
  const date = anniversaryIn(thisYear + 2, anniversary);
  return { date, at: instantAt(date, ANNIVERSARY_OPENING_TIME, timeZone) };
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/** "Thu 24 Dec, 08:00" on `timeZone`'s clock (with the year when it is not `now`'s year there). */
export function momentLabel(at: Date, timeZone: string, now = new Date()): string {
  const sameYear = dayOnClock(at, timeZone).slice(0, 4) === dayOnClock(now, timeZone).slice(0, 4);
  const key = `${timeZone} ${sameYear}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      ...(sameYear ? {} : { year: "numeric" }),
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    momentFormats.set(key, format);
  }
  return format.format(at);
}
