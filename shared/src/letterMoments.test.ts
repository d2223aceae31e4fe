import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { instantAt } from "./calendar.js";
import { anniversaryIn, momentLabel, nextAnniversaryOpening } from "./letterMoments.js";

describe("instantAt: a date and time on the recipient's own clock", () => {
  it("reads Asia/Kolkata's half-hour offset all year", () => {
    expect(instantAt("2026-12-24", "08:00", "Asia/Kolkata").toISOString()).toBe("2026-12-24T02:30:00.000Z");
    expect(instantAt("2027-07-04", "08:00", "Asia/Kolkata").toISOString()).toBe("2027-07-04T02:30:00.000Z");
  });

  it("follows New York across spring forward (14 March 2027) and fall back (1 November 2026)", () => {
    expect(instantAt("2027-03-13", "08:00", "America/New_York").toISOString()).toBe("2027-03-13T13:00:00.000Z");
    expect(instantAt("2027-03-14", "08:00", "America/New_York").toISOString()).toBe("2027-03-14T12:00:00.000Z");
    expect(instantAt("2026-10-31", "08:00", "America/New_York").toISOString()).toBe("2026-10-31T12:00:00.000Z");
    expect(instantAt("2026-11-01", "08:00", "America/New_York").toISOString()).toBe("2026-11-01T13:00:00.000Z");
  });

  it("pushes a time the clocks skip forward by the gap: 02:30 on 14 March 2027 in New York is 03:30 EDT", () => {
    expect(instantAt("2027-03-14", "02:30", "America/New_York").toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(instantAt("2027-03-14", "02:00", "America/New_York").toISOString()).toBe("2027-03-14T07:00:00.000Z");
    expect(instantAt("2027-03-14", "01:59", "America/New_York").toISOString()).toBe("2027-03-14T06:59:00.000Z");
  });

  it("takes the first showing of a time the clocks show twice: 01:30 on 1 November 2026 is EDT", () => {
    expect(instantAt("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  test.prop([
    fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2036-12-31T00:00:00Z"), noInvalidDate: true }),
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.constantFrom("America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney", "Pacific/Chatham"),
  ])("lands on that wall clock, or within an hour after it when the clocks skip it", (day, hour, minute, zone) => {
    const date = day.toISOString().slice(0, 10);
    const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
    const instant = instantAt(date, time, zone);
    const wallClock = (moment: Date) =>
      Date.parse(
        `${new Intl.DateTimeFormat("sv-SE", {
          timeZone: zone,
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        })
          .format(moment)
          .replace(" ", "T")}:00Z`,
      );
    const wanted = Date.parse(`${date}T${time}:00Z`);
    expect(wallClock(instant) - wanted).toBeGreaterThanOrEqual(0);
    expect(wallClock(instant) - wanted).toBeLessThanOrEqual(60 * 60 * 1000);
    // The first showing: an hour earlier (a fall-back's repeat) never showed the same time.
    expect(wallClock(new Date(instant.getTime() - 60 * 60 * 1000))).not.toBe(wallClock(instant));
  });
});

describe("anniversaries", () => {
  it("keeps 29 February in a leap year and moves it to the 28th in others", () => {
    expect(anniversaryIn(2028, "2024-02-29")).toBe("2028-02-29");
    expect(anniversaryIn(2027, "2024-02-29")).toBe("2027-02-28");
    expect(anniversaryIn(2027, "02-29")).toBe("2027-02-28");
    expect(anniversaryIn(2027, "06-15")).toBe("2027-06-15");
  });

  it("opens at 08:00 on the recipient's clock on the next anniversary, this year's while it is ahead", () => {
    const kolkata = (now: string) => nextAnniversaryOpening("2024-02-29", "Asia/Kolkata", new Date(now));
    expect(kolkata("2027-01-10T00:00:00Z")).toEqual({ date: "2027-02-28", at: new Date("2027-02-28T02:30:00Z") });
    // 07:59 in Kolkata on the day: still today's.
    expect(kolkata("2027-02-28T02:29:00Z").date).toBe("2027-02-28");
    // Exactly 08:00 there: that one has opened; the next is the leap day of 2028.
    expect(kolkata("2027-02-28T02:30:00Z")).toEqual({ date: "2028-02-29", at: new Date("2028-02-29T02:30:00Z") });
  });

  it("reads the year on the recipient's clock, not UTC's", () => {
    // 23:00 on 31 December in New York is already 1 January in UTC.
    const next = nextAnniversaryOpening("01-01", "America/New_York", new Date("2027-01-01T04:00:00Z"));
    expect(next).toEqual({ date: "2027-01-01", at: new Date("2027-01-01T13:00:00Z") });
  });
});

describe("momentLabel", () => {
  it("says the day and time on the given clock, with the year only when it is another year", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(momentLabel(new Date("2026-12-24T02:30:00Z"), "Asia/Kolkata", now)).toBe("Thu 24 Dec, 08:00");
    expect(momentLabel(new Date("2026-12-24T13:00:00Z"), "America/New_York", now)).toBe("Thu 24 Dec, 08:00");
    expect(momentLabel(new Date("2027-02-14T02:30:00Z"), "Asia/Kolkata", now)).toBe("Sun, 14 Feb 2027, 08:00");
  });
});
