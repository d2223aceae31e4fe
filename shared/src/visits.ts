import { daysBetween, shortDate } from "./calendar.js";
import { plural } from "./spanks.js";

/** The next visit (issue 22) in words, the same on the web and in Discord. */

const dayWord = (days: number) => plural(days, "day", "days");

/** "23 days until you're together (Fri 18 Dec, Lisbon)"; "1 day until you're together (Fri 18 Dec): tomorrow!" at 1. */
export function untilTogetherText(daysUntil: number, startDate: string, today: string, place?: string | null): string {
  const when = `${shortDate(startDate, today)}${place ? `, ${place}` : ""}`;
  return daysUntil === 1
    ? `1 day until you're together (${when}): tomorrow!`
    : `${dayWord(daysUntil)} until you're together (${when})`;
}

/** "You're together now: day 3 of 10 (until Sun 27 Dec)". */
export function togetherNowText(startDate: string, endDate: string, today: string): string {
  const day = daysBetween(startDate, today) + 1;
  const of = daysBetween(startDate, endDate) + 1;
  return `You're together now: day ${day} of ${of} (until ${shortDate(endDate, today)})`;
}

/** "41 days apart since Sun 12 Oct" (the last day of the last visit). */
export function daysApartText(daysApart: number, lastEndDate: string, today: string): string {
  return `${dayWord(daysApart)} apart since ${shortDate(lastEndDate, today)}`;
}

/** What a change to a visit is refused with when the other partner changed it after the form opened. */
export const VISIT_CHANGED_SINCE = "This visit was changed since you opened it: nothing was replaced.";
/** What removing a visit the other partner changed since it was shown is refused with. */
export const VISIT_CHANGED_BEFORE_REMOVAL =
  "This visit was changed since you opened it: nothing was removed. Look at it again, then remove it if you still want to.";

/** A visit's days: "Sat 19 Dec" for one day, else "Fri 18 Dec<between>Sun 27 Dec", with years when not this year's. */
export function visitDays(startDate: string, endDate: string, today: string, between: string): string {
  const start = shortDate(startDate, today);
  return startDate === endDate ? start : `${start}${between}${shortDate(endDate, today)}`;
}
