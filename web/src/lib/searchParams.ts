/**
 * Search-param readers for the route tree, which is in the first load: hand-written instead of zod
 * so zod stays out of it. Anything invalid reads as absent, as `.optional().catch(undefined)` did.
 */

/** A page number: an integer of 1 or more, also from its text ("3"). */
export function pageNumber(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

/** A text of at most `max` characters. */
export function text(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.length <= max ? value : undefined;
}

/** One of the given words. */
export function oneOf<const T extends string>(value: unknown, words: readonly T[]): T | undefined {
  return words.find((word) => word === value);
}
