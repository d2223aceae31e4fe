import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coupleConfigSchema } from "./config.js";
import { demoCouple } from "./demoCouple.js";
import {
  describeBothAwake,
  type NamedPartnerDay,
  nextBothAwake,
  type PartnerDay,
  partnerStateAt,
} from "./eachOthersDay.js";

const night = { from: "23:00", to: "07:00" };
const india: NamedPartnerDay = { timeZone: "Asia/Kolkata", city: "India", sleep: night };
const florida: NamedPartnerDay = { timeZone: "America/New_York", city: "Florida", sleep: night };
const at = (iso: string) => new Date(iso);

describe("a partner's state", () => {
  it("is asleep across midnight on their own clock, free after waking, at work in work hours", () => {
    const worker: NamedPartnerDay = {
      ...india,
      work: { from: "10:00", to: "18:30", days: ["mon", "tue", "wed", "thu", "fri"] },
    };
    // Tuesday 10 March 2026 in Kolkata (UTC+5:30).
    expect(partnerStateAt(worker, at("2026-03-09T17:29:00Z"))).toBe("free"); // 22:59 Monday
    expect(partnerStateAt(worker, at("2026-03-09T17:30:00Z"))).toBe("probably asleep"); // 23:00 Monday
    expect(partnerStateAt(worker, at("2026-03-09T19:00:00Z"))).toBe("probably asleep"); // 00:30 Tuesday
    expect(partnerStateAt(worker, at("2026-03-10T01:29:00Z"))).toBe("probably asleep"); // 06:59
    expect(partnerStateAt(worker, at("2026-03-10T01:30:00Z"))).toBe("free"); // 07:00
    expect(partnerStateAt(worker, at("2026-03-10T04:30:00Z"))).toBe("at work"); // 10:00
    expect(partnerStateAt(worker, at("2026-03-10T13:00:00Z"))).toBe("free"); // 18:30
    // Saturday 14 March, 11:00: no work that day.
    expect(partnerStateAt(worker, at("2026-03-14T05:30:00Z"))).toBe("free");
  });

  it("counts a night shift crossing midnight to the weekday it starts on", () => {
    const nurse: NamedPartnerDay = {
      ...florida,
      sleep: { from: "09:00", to: "16:00" },
      work: { from: "22:00", to: "06:00", days: ["mon"] },
    };
    // Florida in March after the change is UTC-4: Monday 16 March 22:00 = 17 March 02:00Z.
    expect(partnerStateAt(nurse, at("2026-03-17T02:00:00Z"))).toBe("at work"); // Mon 22:00
    expect(partnerStateAt(nurse, at("2026-03-17T07:00:00Z"))).toBe("at work"); // Tue 03:00, Monday's shift
    expect(partnerStateAt(nurse, at("2026-03-17T10:00:00Z"))).toBe("free"); // Tue 06:00
    expect(partnerStateAt(nurse, at("2026-03-18T07:00:00Z"))).toBe("free"); // Wed 03:00, no Tuesday shift
    expect(partnerStateAt(nurse, at("2026-03-17T14:00:00Z"))).toBe("probably asleep"); // Tue 10:00
  });
});

describe("the next time both are awake", () => {
  it("before Florida springs forward: Sam's 7 AM is 12:00 UTC", () => {
    const window = nextBothAwake(florida, india, at("2026-03-02T05:00:00Z"));
    expect(window).toEqual({ start: at("2026-03-02T12:00:00Z"), end: at("2026-03-02T17:30:00Z"), ongoing: false });
  });

  it("on the night Florida springs forward (8 March 2026), Sam wakes at 7 AM EDT, 11:00 UTC", () => {
    const now = at("2026-03-08T05:00:00Z"); // midnight in Florida, 10:30 AM in India
    expect(partnerStateAt(florida, now)).toBe("probably asleep");
    expect(partnerStateAt(india, now)).toBe("free");
    expect(nextBothAwake(florida, india, now)).toEqual({
      start: at("2026-03-08T11:00:00Z"),
      end: at("2026-03-08T17:30:00Z"),
      ongoing: false,
    });
    expect(describeBothAwake(florida, india, now)).toBe(
      "Both awake next: 7:00 AM–1:30 PM in Florida, 4:30 PM–11:00 PM in India",
    );
  });

  it("on the night Florida falls back (1 November 2026), Sam wakes at 7 AM EST, 12:00 UTC", () => {
    const now = at("2026-11-01T05:00:00Z"); // 1:00 AM EDT, the first of two 1 AMs
    expect(nextBothAwake(florida, india, now)).toEqual({
      start: at("2026-11-01T12:00:00Z"),
      end: at("2026-11-01T17:30:00Z"),
      ongoing: false,
    });
    expect(describeBothAwake(india, florida, now)).toBe(
      "Both awake next: 5:30 PM–11:00 PM in India, 7:00 AM–12:30 PM in Florida",
    );
  });

  it("says the window under way and when it ends, with the weekday when it is another local day", () => {
    const now = at("2026-06-01T14:00:00Z"); // Monday 10:00 AM in Florida (EDT), 7:30 PM in India
    expect(nextBothAwake(florida, india, now)).toEqual({
      start: now,
      end: at("2026-06-01T17:30:00Z"),
      ongoing: true,
    });
    expect(describeBothAwake(florida, india, now)).toBe("Both awake now until 1:30 PM in Florida, 11:00 PM in India");
    // Late evening in India: the next window is early tomorrow there, late tonight in Florida.
    const later = at("2026-06-01T18:00:00Z"); // 11:30 PM India, 2:00 PM Florida
    expect(describeBothAwake(india, florida, later)).toBe(
      "Both awake next: Tue 7:00 AM–Tue 8:30 AM in India, 9:30 PM–11:00 PM in Florida",
    );
  });

  it("says so when the sleep windows leave no waking minute in common", () => {
    const dayShift = { ...florida, sleep: { from: "13:00", to: "03:00" } }; // awake 03:00-13:00 EDT = 07:00-17:00Z
    const nightOwl = { ...india, sleep: { from: "20:00", to: "04:00" } }; // awake 04:00-20:00 IST = 22:30-14:30Z
    expect(nextBothAwake(dayShift, nightOwl, at("2026-06-01T00:00:00Z"))).not.toBeNull();
    const never = { ...india, sleep: { from: "12:30", to: "04:00" } }; // awake 22:30-07:00Z
    expect(nextBothAwake(dayShift, never, at("2026-06-01T00:00:00Z"))).toBeNull();
    expect(describeBothAwake(dayShift, never, at("2026-06-01T00:00:00Z"))).toBe("No waking hours in common this week");
  });
});

describe("the config's day settings", () => {
  it("default the sleep window to 23:00-07:00 and refuse a malformed or empty one, naming the field", () => {
    const { sleep: _sleep, work: _work, ...bare } = demoCouple.partners[0];
    const parsed = coupleConfigSchema.parse({ ...demoCouple, partners: [bare, demoCouple.partners[1]] });
    expect(parsed.partners[0].sleep).toEqual({ from: "23:00", to: "07:00" });
    expect(parsed.partners[0].work).toBeUndefined();
    const bad = coupleConfigSchema.safeParse({
      ...demoCouple,
      partners: [
        { ...bare, sleep: { from: "7am", to: "07:00" } },
        { ...demoCouple.partners[1], sleep: { from: "07:00", to: "07:00" } },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "partners.0.sleep.from",
      "partners.1.sleep.to",
    ]);
  });
});

/** The rule read literally: both clocks read once a minute, for up to eight days. */
function minuteByMinute(a: PartnerDay, b: PartnerDay, now: Date) {
  const first = Math.floor(now.getTime() / 60_000) * 60_000;
  const horizon = 8 * 24 * 60;
  const awakeAt = (at: Date) =>
    partnerStateAt(a, at) !== "probably asleep" && partnerStateAt(b, at) !== "probably asleep";
  let start: number | null = null;
  for (let i = 0; i <= horizon; i++) {
    const at = new Date(first + i * 60_000);
    const awake = awakeAt(at);
    if (start === null && awake) start = at.getTime();
    else if (start !== null && !awake) return { start: new Date(start), end: at, ongoing: start === first };
  }
  return start === null
    ? null
    : { start: new Date(start), end: new Date(first + horizon * 60_000), ongoing: start === first };
}

describe("the next time both are awake, found edge to edge", () => {
  const clock = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
  const partner = fc
    .record({
      // Zones with daylight saving both ways, a half-hour one and one without.
      timeZone: fc.constantFrom("America/New_York", "Europe/London", "Australia/Sydney", "Asia/Kolkata", "UTC"),
      sleep: fc.record({ from: clock, to: clock }),
    })
    .filter((p) => p.sleep.from !== p.sleep.to);
  // 2026, with the days around each of these zones' clock changes weighted in.
  const instant = fc.oneof(
    fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2026-12-31T00:00:00Z"), noInvalidDate: true }),
    fc
      .constantFrom("2026-03-08", "2026-03-29", "2026-04-05", "2026-10-04", "2026-10-25", "2026-11-01")
      .chain((day) =>
        fc.integer({ min: -36, max: 36 }).map((hours) => new Date(Date.parse(`${day}T06:00:00Z`) + hours * 3_600_000)),
      ),
  );

  it("is the same stretch as reading both clocks minute by minute, across daylight saving changes", () => {
    fc.assert(
      fc.property(partner, partner, instant, (a, b, now) => {
        expect(nextBothAwake(a, b, now)).toEqual(minuteByMinute(a, b, now));
      }),
      { numRuns: 40 },
    );
    // The reference reads two clocks a minute for up to 8 days: about 50 ms a case on a quiet
    // machine, several times that on a loaded one.
  }, 60_000);
});
