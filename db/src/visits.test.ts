import { demoCouple } from "@spankbank/shared/demoCouple";
import type { PartnerDay } from "@spankbank/shared/eachOthersDay";
import { describe, expect, it } from "vitest";
import { openDb } from "./client.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";
import { enqueueDueVisitMilestones, milestoneWindow } from "./visitMilestones.js";
import { cancelVisit, changeVisit, countdowns, planVisit, visitsOverview } from "./visits.js";

/** The demo couple's days: Alex in India (asleep 23:30 to 07:00), Sam in Florida (23:00 to 06:30). */
const partners: PartnerDay[] = demoCouple.partners.map((p) => ({ timeZone: p.timeZone, sleep: p.sleep }));
const at = (iso: string) => new Date(iso);
const visitRows = (db: ReturnType<typeof openTestDb>["db"]) =>
  db.$client.prepare("SELECT start_date, end_date, place, note FROM visits ORDER BY id").all();
const countdownEvents = (db: ReturnType<typeof openTestDb>["db"]) =>
  db.$client
    .prepare("SELECT payload FROM outbox WHERE kind = 'visit_countdown' ORDER BY id")
    .all()
    .map((row) => JSON.parse((row as { payload: string }).payload));

describe("the countdown, on each partner's own calendar", () => {
  it("counts from each partner's today: India is a day ahead in its evening", () => {
    const { db, alex } = openTestDb();
    planVisit(db, {
      userId: alex,
      input: { start_date: "2026-12-18", end_date: "2026-12-27" },
      now: at("2026-11-23T12:00:00Z"),
    });
    // 20:00 UTC: 01:30 on 24 November in India, 15:00 on 23 November in Florida.
    expect(countdowns(db, alex, at("2026-11-23T20:00:00Z"))).toMatchObject([
      { username: "alex", today: "2026-11-24", daysUntil: 24, together: false },
      { username: "sam", today: "2026-11-23", daysUntil: 25, together: false },
    ]);
  });

  it("turns the day at local midnight across Florida's November change (EDT to EST)", () => {
    const { db, sam } = openTestDb();
    planVisit(db, {
      userId: sam,
      input: { start_date: "2026-11-03", end_date: "2026-11-05" },
      now: at("2026-10-20T12:00:00Z"),
    });
    const samDays = (iso: string) => countdowns(db, sam, at(iso))[0]!;
    // 1 November 2026 begins at 04:00 UTC (still EDT); 2 November at 05:00 UTC (EST since 2:00 AM on the 1st).
    expect(samDays("2026-11-01T03:59:00Z")).toMatchObject({ today: "2026-10-31", daysUntil: 3 });
    expect(samDays("2026-11-01T04:00:00Z")).toMatchObject({ today: "2026-11-01", daysUntil: 2 });
    expect(samDays("2026-11-02T04:30:00Z")).toMatchObject({ today: "2026-11-01", daysUntil: 2 });
    expect(samDays("2026-11-02T05:00:00Z")).toMatchObject({ today: "2026-11-02", daysUntil: 1 });
  });

  it("turns the day at local midnight across Florida's March change (EST to EDT), and at 18:30 UTC in India", () => {
    const { db, alex, sam } = openTestDb();
    planVisit(db, {
      userId: alex,
      input: { start_date: "2026-03-10", end_date: "2026-03-12" },
      now: at("2026-02-20T12:00:00Z"),
    });
    const samDays = (iso: string) => countdowns(db, sam, at(iso))[0]!;
    // 8 March begins at 05:00 UTC (EST); 9 March at 04:00 UTC (EDT since 2:00 AM on the 8th).
    expect(samDays("2026-03-09T03:59:00Z")).toMatchObject({ today: "2026-03-08", daysUntil: 2 });
    expect(samDays("2026-03-09T04:00:00Z")).toMatchObject({ today: "2026-03-09", daysUntil: 1 });
    // India keeps +05:30 all year: 9 March begins at 18:30 UTC on the 8th.
    const alexDays = (iso: string) => countdowns(db, alex, at(iso))[0]!;
    expect(alexDays("2026-03-08T18:29:00Z")).toMatchObject({ today: "2026-03-08", daysUntil: 2 });
    expect(alexDays("2026-03-08T18:30:00Z")).toMatchObject({ today: "2026-03-09", daysUntil: 1 });
  });

  it("says together during a visit, and counts days apart from its last day after it", () => {
    const { db, alex } = openTestDb();
    planVisit(db, {
      userId: alex,
      input: { start_date: "2026-10-01", end_date: "2026-10-10" },
      now: at("2026-09-01T12:00:00Z"),
    });
    expect(countdowns(db, alex, at("2026-10-05T12:00:00Z"))).toMatchObject([
      { together: true, daysApart: null, daysUntil: null },
      { together: true, daysApart: null, daysUntil: null },
    ]);
    expect(countdowns(db, alex, at("2026-10-20T12:00:00Z"))).toMatchObject([
      { together: false, daysApart: 10 },
      { together: false, daysApart: 10 },
    ]);
  });
});

describe("planning, changing and cancelling", () => {
  it("keeps a log of past visits, newest first, with the days apart before each", () => {
    const { db, alex, sam } = openTestDb();
    const now = at("2026-11-23T12:00:00Z");
    planVisit(db, { userId: alex, input: { start_date: "2026-04-01", end_date: "2026-04-05" }, now });
    planVisit(db, { userId: sam, input: { start_date: "2026-08-10", end_date: "2026-08-20", place: " Lisbon " }, now });
    planVisit(db, { userId: sam, input: { start_date: "2026-12-18", end_date: "2026-12-27" }, now });
    const overview = visitsOverview(db, alex, 1, now);
    expect(overview.next).toMatchObject({ startDate: "2026-12-18", plannedBy: "sam", daysApartBefore: 120 });
    expect(overview.current).toBeNull();
    expect(overview.past).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(overview.past.visits).toMatchObject([
      { startDate: "2026-08-10", place: "Lisbon", plannedBy: "sam", daysApartBefore: 127 },
      { startDate: "2026-04-01", plannedBy: "alex", daysApartBefore: null },
    ]);
    expect(overview.countdowns[0]).toMatchObject({ username: "alex", daysApart: 95, daysUntil: 25 });
  });

  it("refuses bad dates, naming the field, and writes nothing", () => {
    const { db, alex } = openTestDb();
    const now = at("2026-11-23T12:00:00Z");
    const refused = (input: object) => refusalOf(() => planVisit(db, { userId: alex, input: input as never, now }));
    expect(refused({ start_date: "2026-02-30", end_date: "2026-03-02" })).toMatchObject({
      code: "invalid",
      message: expect.stringMatching(/^start_date: /),
    });
    expect(refused({ start_date: "2026-12-18", end_date: "2026-12-10" })).toMatchObject({
      code: "invalid",
      message: "end_date: must be on or after start_date",
    });
    expect(refused({ start_date: "2026-12-18", end_date: "2028-01-01" }).message).toMatch(/^end_date: /);
    expect(refused({ start_date: "2026-12-18", end_date: "2026-12-20", place: "Paris\u202e" }).message).toMatch(
      /^place: /,
    );
    expect(visitRows(db)).toEqual([]);
  });

  it("names a visit of one day by its day once when another overlaps it", () => {
    const { db, alex, sam } = openTestDb();
    const now = at("2026-11-23T12:00:00Z");
    planVisit(db, { userId: alex, input: { start_date: "2026-06-13", end_date: "2026-06-13" }, now });
    expect(
      refusalOf(() => planVisit(db, { userId: sam, input: { start_date: "2026-06-12", end_date: "2026-06-14" }, now })),
    ).toMatchObject({ code: "conflict", message: "Those dates overlap your visit of Sat 13 Jun." });
  });

  it("refuses overlapping visits and a second visit ahead, writing nothing", () => {
    const { db, alex, sam } = openTestDb();
    const now = at("2026-11-23T12:00:00Z");
    planVisit(db, { userId: alex, input: { start_date: "2026-12-18", end_date: "2026-12-27" }, now });
    expect(
      refusalOf(() => planVisit(db, { userId: sam, input: { start_date: "2026-12-27", end_date: "2027-01-02" }, now })),
    ).toMatchObject({ code: "conflict", message: "Those dates overlap your visit of Fri 18 Dec to Sun 27 Dec." });
    expect(
      refusalOf(() => planVisit(db, { userId: sam, input: { start_date: "2027-02-01", end_date: "2027-02-05" }, now })),
    ).toMatchObject({
      code: "conflict",
      message: "Your next visit is already planned (Fri 18 Dec): change that one instead.",
    });
    expect(visitRows(db)).toHaveLength(1);
  });

  it("changes and cancels a visit", () => {
    const { db, alex, sam } = openTestDb();
    const now = at("2026-11-23T12:00:00Z");
    const planned = planVisit(db, { userId: alex, input: { start_date: "2026-12-18", end_date: "2026-12-27" }, now });
    const moved = changeVisit(db, {
      userId: sam,
      visitId: planned.id,
      input: { start_date: "2026-12-20", end_date: "2026-12-28", note: "Bring the red scarf" },
      now,
    });
    expect(moved).toMatchObject({ startDate: "2026-12-20", endDate: "2026-12-28", note: "Bring the red scarf" });
    cancelVisit(db, planned.id);
    expect(visitRows(db)).toEqual([]);
    expect(refusalOf(() => cancelVisit(db, planned.id)).code).toBe("not_found");
  });
});

describe("favours in person", () => {
  it("lists the in-person favours still in either partner's inventory", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, alex, 100);
    const massage = createProduct(db, sam, {
      name: "Back massage",
      description: "Thirty minutes",
      quantity: 3,
      price: 10,
      inPerson: true,
    });
    const song = createProduct(db, sam, { name: "A song", description: "On the phone", quantity: 3, price: 10 });
    purchaseProduct(db, { buyerId: alex, productId: massage.id });
    purchaseProduct(db, { buyerId: alex, productId: song.id });
    expect(visitsOverview(db, sam).inPerson).toMatchObject([
      { name: "Back massage", quantity: 1, owner: "alex", seller: "sam" },
    ]);
  });
});

describe("countdown posts at 30, 7 and 1 days", () => {
  it("posts the 7-day countdown when both are awake on that day, across Florida's spring change", () => {
    // 8 March 2026 is the change: Sam wakes at 6:30 AM EDT, 10:30 UTC (11:30 UTC the day before).
    const window = milestoneWindow("2026-03-15", 7, partners);
    expect(window.postAt.toISOString()).toBe("2026-03-08T10:30:00.000Z");
    // India leaves 8 March at 18:30 UTC.
    expect(window.until.toISOString()).toBe("2026-03-08T18:30:00.000Z");
    // In November (EST): 6:30 AM in Florida is 11:30 UTC.
    expect(milestoneWindow("2026-11-09", 7, partners).postAt.toISOString()).toBe("2026-11-02T11:30:00.000Z");
  });

  it("posts each milestone once, also after a restart, and re-arms a moved visit", () => {
    const { db, path, alex } = openTestDb();
    const visit = planVisit(db, {
      userId: alex,
      input: { start_date: "2026-03-15", end_date: "2026-03-20" },
      now: at("2026-01-01T12:00:00Z"),
    });
    expect(enqueueDueVisitMilestones(db, partners, at("2026-03-08T10:29:00Z"))).toBe(0);
    expect(enqueueDueVisitMilestones(db, partners, at("2026-03-08T10:30:00Z"))).toBe(1);
    expect(enqueueDueVisitMilestones(db, partners, at("2026-03-08T11:01:00Z"))).toBe(0);
    const reopened = openDb(path);
    expect(enqueueDueVisitMilestones(reopened, partners, at("2026-03-08T15:00:00Z"))).toBe(0);
    reopened.$client.close();
    expect(countdownEvents(db)).toEqual([
      { visitId: visit.id, days: 7, startDate: "2026-03-15", endDate: "2026-03-20", place: null },
    ]);
    // A day that has passed is not posted late: "1 day" on the 15th would be wrong.
    expect(enqueueDueVisitMilestones(db, partners, at("2026-03-15T12:00:00Z"))).toBe(0);

    changeVisit(db, {
      userId: alex,
      visitId: visit.id,
      input: { start_date: "2026-03-16", end_date: "2026-03-20" },
      now: at("2026-03-08T16:00:00Z"),
    });
    expect(enqueueDueVisitMilestones(db, partners, at("2026-03-09T10:30:00Z"))).toBe(1);
    expect(countdownEvents(db).map((event) => [event.days, event.startDate])).toEqual([
      [7, "2026-03-15"],
      [7, "2026-03-16"],
    ]);
  });

  it("does not post a milestone a visit planned too late has already passed", () => {
    const { db, alex } = openTestDb();
    planVisit(db, {
      userId: alex,
      input: { start_date: "2026-12-10", end_date: "2026-12-12" },
      now: at("2026-11-23T12:00:00Z"),
    });
    // 30 days before was 10 November; 7 days before is 3 December.
    expect(enqueueDueVisitMilestones(db, partners, at("2026-11-23T13:00:00Z"))).toBe(0);
    expect(enqueueDueVisitMilestones(db, partners, at("2026-12-03T13:00:00Z"))).toBe(1);
    expect(enqueueDueVisitMilestones(db, partners, at("2026-12-09T13:00:00Z"))).toBe(1);
    expect(countdownEvents(db).map((event) => event.days)).toEqual([7, 1]);
  });

  it("posts the 30, 7 and 1 day countdowns for partners a day and more apart (Kiritimati +14, Pago Pago -11)", () => {
    const { db, alex } = openTestDb();
    planVisit(db, {
      userId: alex,
      input: { start_date: "2026-12-18", end_date: "2026-12-27" },
      now: new Date("2026-11-01T12:00:00Z"),
    });
    const apart: PartnerDay[] = [
      { timeZone: "Pacific/Kiritimati", sleep: { from: "23:00", to: "07:00" } },
      { timeZone: "Pacific/Pago_Pago", sleep: { from: "23:00", to: "07:00" } },
    ];
    let written = 0;
    // Every half hour from mid-November to the visit's first day (the bot checks every minute).
    for (let t = Date.parse("2026-11-15T00:00:00Z"); t < Date.parse("2026-12-19T12:00:00Z"); t += 30 * 60_000) {
      written += enqueueDueVisitMilestones(db, apart, new Date(t));
    }
    expect(written).toBe(3);
  });
});
