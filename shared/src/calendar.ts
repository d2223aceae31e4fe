/** Calendar days in a time zone, for "On this day" (no date library is kept; Intl knows the zones). */

/** The weekdays as the config names them, Sunday first as `Date.getDay()` counts. */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A day's length in milliseconds, on the UTC clock (a zone's day across a clock change is not this). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A time of day on a 24-hour clock, HH:MM (07:30, 23:00). */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Building an Intl.DateTimeFormat loads the zone's rules and costs far more than formatting with
 * it (on-this-day built 132 per request), so each zone's formatter is built once and kept. A couple
 * uses one or two zones; the maps stay that small.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter named `kind` for `timeZone`, built on first use and kept. */
export function keptFormat(kind: string, timeZone: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

/** The one formatter that writes an instant's wall clock (year to second) in `timeZone`. */
export const wallClockFormat = (timeZone: string) =>
  keptFormat(
    "wall clock",
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
  );

/** The one formatter that writes an instant's calendar date (YYYY-MM-DD, en-CA) in `timeZone`. */
export const dayFormat = (timeZone: string) =>
  keptFormat(
    "day",
    timeZone,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  );

/** The one formatter that writes an instant's weekday and time of day (24 h) in `timeZone`. */
export const weekdayClockFormat = (timeZone: string) =>
  keptFormat(
    "weekday clock",
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
  );

/** The wall clock of `at` in `timeZone`, as milliseconds of a UTC date with the same fields. */
export function wallOf(at: Date, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
}

/** The UTC offset of `timeZone` at `at`, in milliseconds (east of UTC positive). */
export function offsetAt(at: Date, timeZone: string): number {
  return wallOf(at, timeZone) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The wall clock of `at` in `timeZone` as a datetime-local value (YYYY-MM-DDTHH:MM): instantAt read back. */
export function wallClockAt(at: Date, timeZone: string): string {
  return new Date(wallOf(at, timeZone)).toISOString().slice(0, 16);
}

/** The instant local midnight starts `date` (YYYY-MM-DD) in `timeZone`, DST included. */
export function startOfDay(date: string, timeZone: string): Date {
  return instantAt(date, "00:00", timeZone);
}

/**
 * The instant the clocks of `timeZone` read `date` (YYYY-MM-DD) at `time` (HH:MM). As a person
 * would read it (Temporal's "compatible"): a time the clocks skip in a spring-forward gap is
 * pushed forward by the gap (02:30 on a 02:00 -> 03:00 night is 03:30; a midnight Havana skips is
 * 01:00 that day); a time they show twice in the autumn is its first showing.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Zones change their offset at most a few times a year: the offsets a day either side are the candidates.
  const before = offsetAt(new Date(wall - DAY_MS), timeZone);
  const after = offsetAt(new Date(wall + DAY_MS), timeZone);
  const shown = [before, after]
    .map((offset) => wall - offset)
    .filter((instant) => wallOf(new Date(instant), timeZone) === wall)
    .sort((a, b) => a - b);
  // Nothing shows that wall time: a gap. The offset before it carries the time past the jump.
  return new Date(shown[0] ?? wall - before);
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD each; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The calendar day `days` after a YYYY-MM-DD day (negative: before). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A calendar date as the couple reads it: "Fri 18 Dec" (with the year when it is not `thisYear`). */
export function shortDate(date: string, thisYear?: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  const withYear = thisYear !== undefined && date.slice(0, 4) !== thisYear.slice(0, 4);
  return keptFormat(
    withYear ? "short date year" : "short date",
    "UTC",
    () =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "UTC",
        weekday: "short",
        day: "numeric",
        month: "short",
        ...(withYear && { year: "numeric" }),
      }),
  )
    .format(at)
    .replace(",", "");
}

export interface EarlierDay {
  /** YYYY-MM-DD */
  date: string;
  monthsAgo: number;
}

/**
 * The same day of the month as `today` (YYYY-MM-DD) in each earlier month back to `oldest`,
 * newest first. Months without that day (the 31st in April) have none.
 */
export function sameDayInEarlierMonths(today: string, oldest: string): EarlierDay[] {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const days: EarlierDay[] = [];
  for (let monthsAgo = 1; ; monthsAgo += 1) {
    const first = new Date(Date.UTC(year, month - 1 - monthsAgo, 1));
    const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    const date = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    if (date.slice(0, 7) < oldest.slice(0, 7)) return days;
    if (day <= daysInMonth) days.push({ date, monthsAgo });
  }
}

/** The same day of the month `months` months before a YYYY-MM-DD day (the month's last day when it has none). */
export function sameDayMonthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, daysInMonth));
  return first.toISOString().slice(0, 10);
}
