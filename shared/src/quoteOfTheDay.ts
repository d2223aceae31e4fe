import { dayFormat } from "./calendar.js";
import { type LoveQuote, loveQuotes } from "./content/loveQuotes.js";

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone`. */
export function calendarDate(at: Date, timeZone: string): string {
  return dayFormat(timeZone).format(at);
}

/**
 * The same quote all day long in the couple's zone, the next one in `loveQuotes` (kept in a fixed
 * shuffle, so authors take turns) the next day: the web footer and GET /api/quoteOfTheDay agree
 * because both call this.
 */
export function quoteOfTheDay(at: Date, timeZone: string): LoveQuote {
  const days = Math.floor(Date.parse(`${calendarDate(at, timeZone)}T00:00:00Z`) / 86_400_000);
  return loveQuotes[days % loveQuotes.length]!;
}
