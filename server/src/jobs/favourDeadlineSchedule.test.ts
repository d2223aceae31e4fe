import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postBounty } from "@spankbank/db/bounties";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { balanceOf, checkLedger } from "@spankbank/db/ledger";
import { setDayOf } from "@spankbank/db/partnerDays";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { demoCouple } from "@spankbank/shared/demoCouple";
import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { scheduleFavourDeadlines } from "./favourDeadlineSchedule.js";

/** A fresh database of the demo couple, closed and removed after the test; sam has 100 spanks. */
function coupleWithSpanks() {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-deadlines-"));
  const db = openDb(join(dir, "spankbank.db"));
  onTestFinished(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const [alex, sam] = syncCouple(db, demoCouple).map((user) => user.id) as [number, number];
  giveSpanks(db, sam, 100);
  return { db, alex, sam };
}

describe("the favour deadline check", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    // 05:50 in New York on 13 March 2026: sam's unit bought on the 5th with 2 days ended at midnight.
    vi.setSystemTime(new Date("2026-03-13T09:50:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("expires what ended at start, reminds at the first quarter hour the buyer is awake, and never twice", async () => {
    const { db, alex, sam } = coupleWithSpanks();
    const ended = createProduct(db, alex, {
      name: "Call",
      description: "Soon",
      quantity: 1,
      price: 30,
      useWithinDays: 2,
    });
    const later = createProduct(db, alex, {
      name: "Hug",
      description: "Later",
      quantity: 1,
      price: 10,
      useWithinDays: 3,
    });
    purchaseProduct(db, { buyerId: sam, productId: ended.id, now: new Date("2026-03-10T15:00:00Z") });
    purchaseProduct(db, { buyerId: sam, productId: later.id, now: new Date("2026-03-11T15:00:00Z") });
    // Due the 12th on Sam's clock (ended at midnight EDT), and the 13th (not yet ended).
    postBounty(db, sam, { title: "Voice note", reward: 5, due_date: "2026-03-12" }, new Date("2026-03-11T15:00:00Z"));
    postBounty(db, sam, { title: "Photo", reward: 3, due_date: "2026-03-13" }, new Date("2026-03-11T15:00:00Z"));
    const { log } = Fastify({ logger: { level: "silent" } });
    const kinds = () =>
      (
        db.$client
          .prepare("SELECT kind FROM outbox WHERE kind LIKE 'favour_%' OR kind = 'bounty_refunded' ORDER BY id")
          .all() as { kind: string }[]
      ).map((row) => row.kind);

    const schedule = scheduleFavourDeadlines({ db, config: demoCouple, log });
    onTestFinished(() => schedule.stop());
    // At start: the call and the first bounty ended at midnight EDT and are refunded; sam (awake from 06:30) is not reminded yet.
    expect(kinds()).toEqual(["favour_expired", "bounty_refunded"]);
    expect(balanceOf(db, { userId: sam })).toBe(60 + 30 - 3);

    await vi.advanceTimersByTimeAsync(30 * 60_000); // 06:20: still asleep
    expect(kinds()).toEqual(["favour_expired", "bounty_refunded"]);
    await vi.advanceTimersByTimeAsync(15 * 60_000); // 06:35: the 06:30 check found sam awake
    expect(kinds()).toEqual(["favour_expired", "bounty_refunded", "favour_expiring"]);
    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
    expect(kinds()).toEqual(["favour_expired", "bounty_refunded", "favour_expiring"]);
    // Refunded once, however many checks ran since.
    expect(balanceOf(db, { userId: sam })).toBe(60 + 30 - 3);
    expect(checkLedger(db)).toEqual([]);
  });

  it("reminds a buyer only once awake on the day they set on the web, not the config's", async () => {
    const { db, alex, sam } = coupleWithSpanks();
    const hug = createProduct(db, alex, {
      name: "Hug",
      description: "Later",
      quantity: 1,
      price: 10,
      useWithinDays: 3,
    });
    purchaseProduct(db, { buyerId: sam, productId: hug.id, now: new Date("2026-03-11T15:00:00Z") });
    // Sam sleeps in on weekdays now: "Your day" on the web says until 09:00 (the config says 06:30).
    setDayOf(db, demoCouple, sam, { sleep: { from: "23:30", to: "09:00" }, work: null, quietHours: "silent" });
    const { log } = Fastify({ logger: { level: "silent" } });
    const reminders = () =>
      (db.$client.prepare("SELECT kind FROM outbox WHERE kind = 'favour_expiring'").all() as unknown[]).length;

    const schedule = scheduleFavourDeadlines({ db, config: demoCouple, log });
    onTestFinished(() => schedule.stop());
    await vi.advanceTimersByTimeAsync(45 * 60_000); // 06:35 in New York: awake by the config, asleep by the web
    expect(reminders()).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000); // 09:35
    expect(reminders()).toBe(1);
  });

  it("refunds the other bounties when one bounty's refund fails, and says which one, at every check", async () => {
    const { db, sam } = coupleWithSpanks();
    const posted = new Date("2026-03-10T15:00:00Z");
    const short = postBounty(db, sam, { title: "Voice note", reward: 25, due_date: "2026-03-11" }, posted);
    postBounty(db, sam, { title: "Photo", reward: 5, due_date: "2026-03-11" }, posted);
    // The escrow lost 25 of its 30 spanks by hand: only the photo's refund fits.
    db.$client.prepare("UPDATE accounts SET balance = balance - 25 WHERE kind = 'escrow'").run();
    const errors: unknown[] = [];
    const log = Fastify({ logger: { level: "silent" } }).log;
    vi.spyOn(log, "error").mockImplementation((entry: unknown) => {
      errors.push(entry);
    });

    const schedule = scheduleFavourDeadlines({ db, config: demoCouple, log });
    onTestFinished(() => schedule.stop());
    const refunded = () =>
      db.$client.prepare("SELECT title FROM bounties WHERE status = 'refunded' ORDER BY id").all() as {
        title: string;
      }[];
    expect(refunded()).toEqual([{ title: "Photo" }]);
    expect(balanceOf(db, { userId: sam })).toBe(100 - 30 + 5);
    expect(errors).toEqual([{ stuck: [{ bountyId: short.id, why: expect.stringMatching(/enough spanks/) }] }]);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(errors).toHaveLength(2);
    expect(refunded()).toEqual([{ title: "Photo" }]);
  });
});
