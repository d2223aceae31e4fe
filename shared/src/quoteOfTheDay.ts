import { dayFormat } from "./calendar.js";
import { festiveQuotes, type LoveQuote, loveQuotes } from "./content/loveQuotes.js";

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone`. */
export function calendarDate(at: Date, timeZone: string): string {
  return dayFormat(timeZone).format(at);
}

/** The work a quote belongs to: two quotes of one work are never shown within 30 days. Each original is its own. */
export function workOf(quote: LoveQuote): string {
  return quote.source === "original" ? `original: ${quote.quote}` : `${quote.author}: ${quote.work ?? quote.source}`;
}

/** The schedule is laid out as a grid this many rows deep: a work may have at most this many quotes. */
const ROWS = 3;

/**
 * The fixed cyclic order quotes are shown in, one place a day. The quotes are grouped by work and
 * written down the columns of a 3-row grid (works of three first, so each fills one column), then
 * read along the rows: quotes of one work land a row apart, a third of the schedule (60 places
 * for 180 quotes) from each other, so no work comes back within 30 days. Neighbours in the
 * schedule are three apart in the column order, which is chosen so they have different authors.
 * Hand-written: no library arranges items with a minimum distance between equal ones.
 */
export const quoteSchedule: readonly LoveQuote[] = arrange(loveQuotes);

function arrange(quotes: readonly LoveQuote[]): LoveQuote[] {
  const byWork = new Map<string, LoveQuote[]>();
  for (const quote of quotes) {
    const work = workOf(quote);
    const group = byWork.get(work);
    if (group) group.push(quote);
    else byWork.set(work, [quote]);
  }
  const groups = [...byWork.values()];
  const remainingBy = new Map<string, number>();
  for (const quote of quotes) remainingBy.set(quote.author, (remainingBy.get(quote.author) ?? 0) + 1);
  const columnOrder: LoveQuote[] = [];
  while (groups.length > 0) {
    let largest = 0;
    for (const group of groups) largest = Math.max(largest, group.length);
    // Works with the most quotes first; among those, one whose quotes differ in author from the
    // quotes three back (their neighbours once read by rows) and that fits in the column, the most frequent author first, the
    // earliest work among equals. One pass per pick, checking the fit only where it could change the
    // pick: sorting the candidates for every pick is too slow for a phone's CPU.
    // A work also stays in one column (all its quotes a whole row apart), which the footer's
    // half-schedule offset needs to keep a work 30 days apart across card and footer.
    const fits = (group: LoveQuote[]) =>
      group.length <= ROWS - (columnOrder.length % ROWS) &&
      group.every((quote, j) => columnOrder[columnOrder.length + j - ROWS]?.author !== quote.author);
    let first = -1;
    let firstCount = -1;
    let fitting = -1;
    let fittingCount = -1;
    for (let index = 0; index < groups.length; index++) {
      const group = groups[index]!;
      if (group.length !== largest && !(largest < ROWS && group.length < ROWS)) continue;
      const count = remainingBy.get(group[0]!.author)!;
      if (count > firstCount) [first, firstCount] = [index, count];
      if (count > fittingCount && fits(group)) [fitting, fittingCount] = [index, count];
    }
    const [chosen] = groups.splice(fitting >= 0 ? fitting : first, 1) as [LoveQuote[]];
    remainingBy.set(chosen[0]!.author, remainingBy.get(chosen[0]!.author)! - chosen.length);
    columnOrder.push(...chosen);
  }
  const columns = Math.ceil(columnOrder.length / ROWS);
  const schedule: LoveQuote[] = [];
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < columns; column++) {
      const quote = columnOrder[column * ROWS + row];
      if (quote) schedule.push(quote);
    }
  }
  return schedule;
}

/** The two quotes of a day in the couple's zone: the Daily Quote card's and the footer's, never the same. */
export interface QuotesOfTheDay {
  card: LoveQuote;
  footer: LoveQuote;
}

/**
 * The quotes of `at`'s day in the couple's zone, the same all day: a festive date (Christmas Eve
 * and Day, New Year's Eve and Day, Valentine's Day) has its own two lines; any other day takes the
 * card from the next place of `quoteSchedule` and the footer from half a schedule further on. The web footer and GET /api/quoteOfTheDay agree because
 * both call this.
 */
export function quotesOfTheDay(at: Date, timeZone: string): QuotesOfTheDay {
  const date = calendarDate(at, timeZone);
  const festive = festiveQuotes[date.slice(5)];
  if (festive) return { card: festive[0], footer: festive[1] };
  const days = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const place = days % quoteSchedule.length;
  // The card walks the whole schedule one place a day (neighbours differ in author); the footer
  // walks it half a schedule ahead, so the two never meet and no work shows twice within 30 days.
  const footerPlace = (place + Math.floor(quoteSchedule.length / 2)) % quoteSchedule.length;
  return { card: quoteSchedule[place]!, footer: quoteSchedule[footerPlace]! };
}

/** The Daily Quote (the dashboard card and GET /api/quoteOfTheDay). */
export function quoteOfTheDay(at: Date, timeZone: string): LoveQuote {
  return quotesOfTheDay(at, timeZone).card;
}

/** The footer's quote: another one than the Daily Quote, so the dashboard never shows one twice. */
export function footerQuote(at: Date, timeZone: string): LoveQuote {
  return quotesOfTheDay(at, timeZone).footer;
}
