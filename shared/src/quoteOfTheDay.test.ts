import { describe, expect, it } from "vitest";
import { loveQuotes } from "./content/loveQuotes.js";
import { calendarDate, quoteOfTheDay } from "./quoteOfTheDay.js";

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
    expect(quoteOfTheDay(pastMidnight, zone)).not.toBe(quoteOfTheDay(lateEvening, zone));
  });

  it("shows a fixed quote for a fixed date", () => {
    expect(quoteOfTheDay(new Date("2026-02-14T12:00:00Z"), "UTC")).toEqual({
      quote: "For, you see, each day I love you more: / Today more than yesterday, and much less than tomorrow.",
      author: "Rosemonde Gérard",
      source: "L'Éternelle Chanson (1889), translated",
    });
  });

  it("never shows one author two days running through a year", () => {
    const authors: string[] = [];
    for (let day = 0; day <= 366; day++) {
      authors.push(quoteOfTheDay(new Date(Date.UTC(2026, 0, 1 + day, 12)), "UTC").author);
    }
    const repeats = authors.flatMap((author, day) => (author === authors[day + 1] ? [`day ${day}: ${author}`] : []));
    expect(repeats).toEqual([]);
    expect(new Set(authors).size).toBeGreaterThanOrEqual(25);
  });

  it("walks through every quote before repeating", () => {
    const seen = new Set<string>();
    for (let day = 0; day < loveQuotes.length; day++) {
      seen.add(quoteOfTheDay(new Date(Date.UTC(2026, 0, 1 + day, 12)), "UTC").quote);
    }
    expect(seen.size).toBe(loveQuotes.length);
  });
});
