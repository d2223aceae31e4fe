import { addDays, sameDayMonthsBefore } from "@spankbank/shared/calendar";

/** Calendar days as the timeline shows them: YYYY-MM-DD strings, read in UTC so no zone shifts them. */

const dayName = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
const longDayName = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const monthName = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long" });

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "12 March 2026" */
export const dayLabel = (date: string) => dayName.format(noon(date));
/** "Thursday 12 March 2026" */
export const longDayLabel = (date: string) => longDayName.format(noon(date)).replace(",", "");

/** Monday first: the columns of each month. */
export const WEEKDAYS = [
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
  ["Su", "Sunday"],
] as const;

export interface CalendarMonth {
  /** YYYY-MM */
  key: string;
  name: string;
  /** Weeks of seven, Monday first; `null` pads the days before the 1st and after the last. */
  weeks: (string | null)[][];
}

/** The twelve months of `year`, each as weeks of days. */
export function monthsOf(year: number): CalendarMonth[] {
  return Array.from({ length: 12 }, (_, month) => {
    const first = `${year}-${String(month + 1).padStart(2, "0")}-01`;
    const cells: (string | null)[] = Array.from({ length: (noon(first).getUTCDay() + 6) % 7 }, () => null);
    for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) cells.push(day);
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
    return { key: first.slice(0, 7), name: monthName.format(noon(first)), weeks };
  });
}

/** Where a keyboard key moves the focused day, or `undefined` for a key the calendar leaves alone. */
export function dayAfterKey(date: string, key: string): string | undefined {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "PageUp":
      return sameDayMonthsBefore(date, 1);
    case "PageDown":
      return sameDayMonthsBefore(date, -1);
    case "Home":
      return addDays(date, -((noon(date).getUTCDay() + 6) % 7));
    case "End":
      return addDays(date, 6 - ((noon(date).getUTCDay() + 6) % 7));
    default:
      return undefined;
  }
}

/** The heat of a day, 0 (none) to 4: the colour's step, always beside the count written in the day. */
export function heatOf(count: number): 0 | 1 | 2 | 3 | 4 {
  if (count === 0) return 0;
  if (count === 1) return 1;
  if (count === 2) return 2;
  return count <= 4 ? 3 : 4;
}
