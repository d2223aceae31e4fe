import { describe, expect, it } from "vitest";
import { festiveQuotes, type LoveQuote, loveQuotes } from "./content/loveQuotes.js";
import { calendarDate, footerQuote, quoteOfTheDay, quoteSchedule, quotesOfTheDay, workOf } from "./quoteOfTheDay.js";

const DAY = 86_400_000;
/** Noon UTC of every day from 1 January 2026 through 31 December 2029. */
const fourYears = Array.from(
  { length: (Date.UTC(2029, 11, 31) - Date.UTC(2026, 0, 1)) / DAY + 1 },
  (_, day) => new Date(Date.UTC(2026, 0, 1 + day, 12)),
);

describe("quoteOfTheDay", () => {
  it("keeps one quote through a day in the couple's zone and changes at their midnight", () => {
    const zone = "Asia/Kolkata";
    // 18:29 UTC is 23:59 in Kolkata; 18:31 UTC is 00:01 the next day there.
    const lateEvening = new Date("2026-11-21T18:29:00Z");
    const morning = new Date("2026-11-21T01:00:00Z");
    const pastMidnight = new Date("2026-11-21T18:31:00Z");
    expect(calendarDate(lateEvening, zone)).toBe("2026-11-21");
    expect(calendarDate(pastMidnight, zone)).toBe("2026-11-22");
    expect(quoteOfTheDay(morning, zone)).toBe(quoteOfTheDay(lateEvening, zone));
    expect(footerQuote(morning, zone)).toBe(footerQuote(lateEvening, zone));
    expect(quoteOfTheDay(pastMidnight, zone)).not.toBe(quoteOfTheDay(lateEvening, zone));
  });

  it("shows a work at most once in any 30 days, card and footer together, over four years", () => {
    const shown = fourYears.map((at) => {
      const { card, footer } = quotesOfTheDay(at, "UTC");
      return [workOf(card), workOf(footer)];
    });
    const repeats: string[] = [];
    for (let day = 0; day + 30 <= shown.length; day++) {
      const works = shown.slice(day, day + 30).flat();
      const seen = new Set<string>();
      for (const work of works) {
        if (seen.has(work)) repeats.push(`${fourYears[day]!.toISOString().slice(0, 10)}: ${work}`);
        seen.add(work);
      }
    }
    expect(repeats).toEqual([]);
    // Works with several quotes exist, so the rule has something to keep apart.
    expect(loveQuotes.length - new Set(loveQuotes.map(workOf)).size).toBeGreaterThanOrEqual(10);
  });

  it("shows no elegy on a festive date, and each festive date its own lines", () => {
    const festive = fourYears.filter((at) => festiveQuotes[calendarDate(at, "UTC").slice(5)]);
    expect(festive.length).toBe(4 * 5);
    for (const at of festive) {
      const { card, footer } = quotesOfTheDay(at, "UTC");
      expect([card, footer]).toEqual(festiveQuotes[calendarDate(at, "UTC").slice(5)]);
      expect(card.elegy ?? footer.elegy, at.toISOString()).toBeUndefined();
    }
    expect(quoteOfTheDay(new Date("2027-12-25T12:00:00Z"), "UTC").quote).toMatch(/^Merry Christmas/);
    // Elegies are in the rotation, and the rotation would land on some festive dates.
    expect(loveQuotes.filter((quote) => quote.elegy).length).toBeGreaterThanOrEqual(5);
  });

  it("never shows the same quote in the card and the footer, nor one author twice in a row", () => {
    for (const at of fourYears) {
      const { card, footer } = quotesOfTheDay(at, "UTC");
      expect(footer, at.toISOString()).not.toBe(card);
    }
    const neighbours = quoteSchedule.flatMap((quote, place) => {
      const next = quoteSchedule[(place + 1) % quoteSchedule.length]!;
      return quote.author === next.author ? [`${place}: ${quote.author}`] : [];
    });
    expect(neighbours).toEqual([]);
  });

  it("shows every quote, as card or footer, within three months", () => {
    const seen = new Set<string>();
    // From 1 March, 90 days with no festive date.
    for (const at of fourYears.slice(59, 59 + 90)) {
      const { card, footer } = quotesOfTheDay(at, "UTC");
      seen.add(card.quote).add(footer.quote);
    }
    expect(quoteSchedule).toHaveLength(loveQuotes.length);
    expect(seen.size).toBe(loveQuotes.length);
  });

  it("puts every quote on the card over three years, none twice within 180 days, no author more than 3 days running", () => {
    const threeYears = fourYears.slice(0, 3 * 365);
    const cards = threeYears.map((at) => quoteOfTheDay(at, "UTC"));
    const rotation = new Set<LoveQuote>(loveQuotes);
    const lastShown = new Map<LoveQuote, number>();
    let shortestGap = Number.POSITIVE_INFINITY;
    let longestRun = 0;
    let run = 0;
    cards.forEach((card, day) => {
      const last = lastShown.get(card);
      if (last !== undefined && rotation.has(card)) shortestGap = Math.min(shortestGap, day - last);
      lastShown.set(card, day);
      run = day > 0 && cards[day - 1]!.author === card.author ? run + 1 : 1;
      longestRun = Math.max(longestRun, run);
    });
    const reached = loveQuotes.filter((quote) => lastShown.has(quote)).length;
    const figures = `${reached} of ${loveQuotes.length} on the card, shortest gap ${shortestGap} days, longest author run ${longestRun} days`;
    expect(reached, figures).toBe(loveQuotes.length);
    expect(shortestGap, figures).toBeGreaterThanOrEqual(180);
    expect(longestRun, figures).toBeLessThanOrEqual(3);
  });
});
