/**
 * Search-param readers for the route tree, which is in the first load: hand-written instead of zod
 * so zod stays out of it. Anything invalid reads as absent, as `.optional().catch(undefined)` did.
 */

import { isCalendarDate } from "@spankbank/shared/letterMoments";
import { YEAR_SHOWN_MAX, YEAR_SHOWN_MIN } from "@spankbank/shared/limits";

// The server reads `?page=` with it too, to preload the page the app will ask for.
export { pageNumber } from "@spankbank/shared/pages";

/** A text of at most `max` characters. */
export function text(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.length <= max ? value : undefined;
}

/** One of the given words. */
export function oneOf<const T extends string>(value: unknown, words: readonly T[]): T | undefined {
  return words.find((word) => word === value);
}

/** A year a page of a year shows (the timeline, our year): 2026, also from its text "2026". */
export function yearNumber(value: unknown): number | undefined {
  const year = Number(value);
  return Number.isInteger(year) && year >= YEAR_SHOWN_MIN && year <= YEAR_SHOWN_MAX ? year : undefined;
}

/** A calendar day, YYYY-MM-DD, within the years the timeline shows. */
export function calendarDay(value: unknown): string | undefined {
  return typeof value === "string" && isCalendarDate(value) && yearNumber(value.slice(0, 4)) !== undefined
    ? value
    : undefined;
}
