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

  it("walks through every quote before repeating", () => {
    const seen = new Set<string>();
    for (let day = 0; day < loveQuotes.length; day++) {
      seen.add(quoteOfTheDay(new Date(Date.UTC(2026, 0, 1 + day, 12)), "UTC").quote);
    }
    expect(seen.size).toBe(loveQuotes.length);
  });
});
