/**
 * Search-param readers for the route tree, which is in the first load: hand-written instead of zod
 * so zod stays out of it. Anything invalid reads as absent, as `.optional().catch(undefined)` did.
 */

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
