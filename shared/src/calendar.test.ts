import { afterEach, describe, expect, it, vi } from "vitest";
import { instantAt, sameDayInEarlierMonths, startOfDay, wallClockAt } from "./calendar.js";
import { calendarDate } from "./quoteOfTheDay.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("startOfDay", () => {
  it("finds local midnight in New York on both sides of the March and November DST changes", () => {
    expect(startOfDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDay("2026-11-01", "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfDay("2026-11-02", "America/New_York").toISOString()).toBe("2026-11-02T05:00:00.000Z");
  });

  it("finds local midnight in Kolkata, half an hour off the hour", () => {
    expect(startOfDay("2026-11-22", "Asia/Kolkata").toISOString()).toBe("2026-11-21T18:30:00.000Z");
  });
});

describe("sameDayInEarlierMonths", () => {
  it("lists the same day of each earlier month back to the oldest, newest first", () => {
    expect(sameDayInEarlierMonths("2026-03-15", "2025-12-20")).toEqual([
      { date: "2026-02-15", monthsAgo: 1 },
      { date: "2026-01-15", monthsAgo: 2 },
      { date: "2025-12-15", monthsAgo: 3 },
    ]);
  });

  it("skips months that have no such day", () => {
    expect(sameDayInEarlierMonths("2026-05-31", "2026-01-01").map((d) => d.date)).toEqual(["2026-03-31", "2026-01-31"]);
  });
});

describe("the zone formatters", () => {
  it("are built once per zone, however many days are worked out in it", () => {
    const RealFormat = Intl.DateTimeFormat;
    const built = vi
      .spyOn(Intl, "DateTimeFormat")
      // A class: the code under test calls it with `new`.
      .mockImplementation(class extends RealFormat {} as unknown as typeof Intl.DateTimeFormat);
    // Zones no other test here uses, so none of their formatters exists yet.
    for (let day = 1; day <= 28; day++) {
      const date = `2026-02-${String(day).padStart(2, "0")}`;
      expect(calendarDate(startOfDay(date, "Pacific/Chatham"), "Pacific/Chatham")).toBe(date);
      expect(calendarDate(startOfDay(date, "America/St_Johns"), "America/St_Johns")).toBe(date);
    }
    // Per zone: one wall-clock formatter (startOfDay) and one date formatter (calendarDate).
    expect(built).toHaveBeenCalledTimes(4);
  });
});

describe("instantAt", () => {
  it("reads a wall-clock time in its zone on both sides of each New York change, and in Kolkata", () => {
    const at = (date: string, time: string, zone: string) => instantAt(date, time, zone).toISOString();
    expect(at("2026-03-07", "07:30", "America/New_York")).toBe("2026-03-07T12:30:00.000Z");
    expect(at("2026-03-09", "07:30", "America/New_York")).toBe("2026-03-09T11:30:00.000Z");
    expect(at("2026-10-31", "07:30", "America/New_York")).toBe("2026-10-31T11:30:00.000Z");
    expect(at("2026-11-02", "07:30", "America/New_York")).toBe("2026-11-02T12:30:00.000Z");
    expect(at("2026-11-24", "07:30", "Asia/Kolkata")).toBe("2026-11-24T02:00:00.000Z");
  });
});

describe("wallClockAt", () => {
  it("reads an instant back as the wall clock instantAt took it from, in each zone and across a change", () => {
    for (const [date, time, zone] of [
      ["2026-03-07", "07:30", "America/New_York"],
      ["2026-03-09", "07:30", "America/New_York"],
      ["2026-11-24", "07:30", "Asia/Kolkata"],
      ["2026-12-31", "23:59", "Asia/Kolkata"],
    ] as const) {
      expect(wallClockAt(instantAt(date, time, zone), zone)).toBe(`${date}T${time}`);
    }
  });
});

describe("instantAt in a spring-forward gap, and startOfDay where clocks jump at midnight", () => {
  it("reads 02:30 on New York's spring-forward night as 03:30 EDT", () => {
    const at = instantAt("2027-03-14", "02:30", "America/New_York");
    expect(wallClockAt(at, "America/New_York")).toBe("2027-03-14T03:30");
    expect(at.toISOString()).toBe("2027-03-14T07:30:00.000Z");
  });

  it("starts 8 March 2026 in Havana (clocks go 00:00 -> 01:00) at 01:00 that day, not at 23:00 the day before", () => {
    const start = startOfDay("2026-03-08", "America/Havana");
    expect(start.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(wallClockAt(start, "America/Havana")).toBe("2026-03-08T01:00");
  });

  it("starts 6 September 2026 in Santiago (clocks go 24:00 -> 01:00) on that day, not on the 5th", () => {
    expect(wallClockAt(startOfDay("2026-09-06", "America/Santiago"), "America/Santiago")).toBe("2026-09-06T01:00");
  });

  it("reads a time Lord Howe shows twice (01:45 on 5 April 2026, a 30-minute change) as its first showing, as New York's", () => {
    expect(instantAt("2026-04-05", "01:45", "Australia/Lord_Howe").toISOString()).toBe("2026-04-04T14:45:00.000Z");
    expect(instantAt("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});
