import { describe, expect, it } from "vitest";
import { awardSpanks } from "./awards.js";
import { donate } from "./charity.js";
import { balanceOf } from "./ledger.js";
import { pendingEvents } from "./outbox.js";
import { giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";

// Alex's zone is Asia/Kolkata (UTC+5:30): their day turns at 18:30 UTC.
const morning = new Date("2026-05-01T04:00:00Z");

describe("awarding spanks", () => {
  it("mints the spanks to the partner and queues the announcement", () => {
    const { db, alex, sam } = openTestDb();
    const result = awardSpanks(
      db,
      { giverId: alex, receiverId: sam, amount: 10, reason: "Made me laugh", now: morning },
      50,
    );
    expect(result).toEqual({ receiverTotal: 10, leftToday: 40 });
    expect(balanceOf(db, { userId: sam })).toBe(10);
    expect(pendingEvents(db).map((e) => [e.kind, e.payload])).toEqual([
      ["spanks_awarded", { giverId: alex, receiverId: sam, amount: 10, reason: "Made me laugh" }],
    ]);
  });

  it("refuses an amount outside 1..100 or an empty reason, writing nothing", () => {
    const { db, alex, sam } = openTestDb();
    for (const amount of [0, 101, 2.5]) {
      expect(
        refusalOf(() => awardSpanks(db, { giverId: alex, receiverId: sam, amount, reason: "x" }, 500)).message,
      ).toBe("amount: award between 1 and 100 spanks.");
    }
    expect(
      refusalOf(() => awardSpanks(db, { giverId: alex, receiverId: sam, amount: 1, reason: "  " }, 50)).message,
    ).toBe("reason: must not be empty");
    expect(balanceOf(db, { userId: sam })).toBe(0);
    expect(pendingEvents(db)).toEqual([]);
  });

  it("caps what one giver awards per day in their own zone, and a new day starts afresh", () => {
    const { db, alex, sam } = openTestDb();
    const award = (amount: number, now: Date) =>
      awardSpanks(db, { giverId: alex, receiverId: sam, amount, reason: "x", now }, 50);
    award(40, morning);
    expect(refusalOf(() => award(11, new Date("2026-05-01T18:00:00Z"))).message).toBe(
      "You can award 10 spanks more today.",
    );
    award(10, new Date("2026-05-01T18:00:00Z"));
    expect(refusalOf(() => award(1, new Date("2026-05-01T18:29:00Z"))).message).toBe(
      "You have awarded your 50 spanks for today. Try again tomorrow.",
    );
    // 18:30 UTC is midnight in Kolkata.
    expect(award(50, new Date("2026-05-01T18:30:00Z")).leftToday).toBe(0);
    // Sam's cap is Sam's own.
    awardSpanks(db, { giverId: sam, receiverId: alex, amount: 50, reason: "x", now: morning }, 50);
    expect(balanceOf(db, { userId: sam })).toBe(100);
  });

  it("opens no second day's cap when the clock ran a day ahead and was set back", () => {
    const { db, alex, sam } = openTestDb();
    const award = (amount: number, now: Date) =>
      awardSpanks(db, { giverId: alex, receiverId: sam, amount, reason: "x", now }, 50);
    // A day ahead: 2 May in Kolkata, really 1 May.
    award(50, new Date("2026-05-02T04:00:00Z"));
    // Set back to 1 May: that cap was given already.
    expect(refusalOf(() => award(1, morning)).message).toBe(
      "You have awarded your 50 spanks for today. Try again tomorrow.",
    );
    // On 3 May the stamps of 2 May are behind: a new day, a new cap.
    expect(award(50, new Date("2026-05-03T04:00:00Z")).leftToday).toBe(0);
    expect(balanceOf(db, { userId: sam })).toBe(100);
  });

  it("refuses awarding to yourself", () => {
    const { db, alex } = openTestDb();
    expect(
      refusalOf(() => awardSpanks(db, { giverId: alex, receiverId: alex, amount: 1, reason: "me" }, 50)).code,
    ).toBe("forbidden");
  });
});

describe("donating", () => {
  it("queues the donation's announcement with the charity's new total", () => {
    const { db, alex } = openTestDb();
    giveSpanks(db, alex, 30);
    donate(db, alex, 12);
    expect(pendingEvents(db).map((e) => [e.kind, e.payload])).toEqual([
      ["donation_made", { userId: alex, amount: 12, charityTotal: 12 }],
    ]);
  });
});
