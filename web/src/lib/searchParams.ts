/**
 * Search-param readers for the route tree, which is in the first load: hand-written instead of zod
 * so zod stays out of it. Anything invalid reads as absent, as `.optional().catch(undefined)` did.
 */

import { OUR_YEAR_MAX, OUR_YEAR_MIN } from "@spankbank/shared/limits";

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

/** A year the server can picture (`?year=2026`, also from its text); anything else is absent. */
export function yearNumber(value: unknown): number | undefined {
  const year = Number(value);
  return Number.isInteger(year) && year >= OUR_YEAR_MIN && year <= OUR_YEAR_MAX ? year : undefined;
}
