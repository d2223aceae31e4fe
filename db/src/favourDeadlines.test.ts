import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { openDb } from "./client.js";
import { favourDeadline, settleFavourDeadlines } from "./favourDeadlines.js";
import { listInventory, redeemItem } from "./inventory.js";
import { balanceOf } from "./ledger.js";
import { checkDatabase } from "./ops/healthCheck.js";
import { pendingEvents } from "./outbox.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { brokeOnPurpose, economySnapshot, giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";

/** The demo partners as the check sees them: sam in America/New_York (asleep 23:00-06:30), alex in Asia/Kolkata (23:30-07:00). */
const partners = demoCouple.partners.map((p) => ({ username: p.username, timeZone: p.timeZone, sleep: p.sleep }));
const hug = { name: "Hug on arrival", description: "A long one, at the gate.", quantity: 5, price: 25 };

describe("favourDeadline", () => {
  it("ends at local midnight after the Nth day across the March change (New York: EST bought, EDT ends)", () => {
    // 10:00 EST on Thursday 5 March 2026; clocks go forward on Sunday 8 March.
    expect(favourDeadline("America/New_York", new Date("2026-03-05T15:00:00Z"), 7)).toEqual({
      useByDay: "2026-03-12",
      useBy: "2026-03-13T04:00:00.000Z",
      remindFrom: "2026-03-11T04:00:00.000Z",
    });
  });

  it("ends at local midnight across the November change (EDT bought, EST ends)", () => {
    // 10:00 EDT on Wednesday 28 October 2026; clocks go back on Sunday 1 November.
    expect(favourDeadline("America/New_York", new Date("2026-10-28T14:00:00Z"), 7)).toEqual({
      useByDay: "2026-11-04",
      useBy: "2026-11-05T05:00:00.000Z",
      remindFrom: "2026-11-03T05:00:00.000Z",
    });
  });

  it("counts days on the buyer's clock in Asia/Kolkata (UTC+5:30, already tomorrow there)", () => {
    // 20:00 UTC on 23 November is 01:30 on 24 November in India.
    expect(favourDeadline("Asia/Kolkata", new Date("2026-11-23T20:00:00Z"), 7)).toEqual({
      useByDay: "2026-12-01",
      useBy: "2026-12-01T18:30:00.000Z",
      remindFrom: "2026-11-29T18:30:00.000Z",
    });
  });

  it("has no reminder when the window is too short for one", () => {
    expect(favourDeadline("Asia/Kolkata", new Date("2026-11-23T08:00:00Z"), 1).remindFrom).toBeNull();
    expect(favourDeadline("Asia/Kolkata", new Date("2026-11-23T08:00:00Z"), 2).remindFrom).toBe(
      "2026-11-23T18:30:00.000Z",
    );
  });
});

/** `buyer` bought one `hug` of the other's, listed "use within `days` days", at `at`. */
function bought(buyer: "sam" | "alex", at: Date, days = 7) {
  const opened = openTestDb();
  const { db } = opened;
  const [buyerId, sellerId] = buyer === "sam" ? [opened.sam, opened.alex] : [opened.alex, opened.sam];
  giveSpanks(db, buyerId, 100);
  const product = createProduct(db, sellerId, { ...hug, useWithinDays: days }, at);
  const { inventoryItemId } = purchaseProduct(db, { buyerId, productId: product.id, now: at });
  return { ...opened, buyerId, sellerId, itemId: inventoryItemId };
}

/** Sam's hug (7 days) and a breakfast in bed (3 days), both bought on 5 March 2026 and both overdue by the 20th. */
function boughtTwo() {
  const at = new Date("2026-03-05T15:00:00Z");
  const opened = bought("sam", at);
  const other = createProduct(opened.db, opened.sellerId, { ...hug, name: "Breakfast in bed", useWithinDays: 3 }, at);
  const { inventoryItemId } = purchaseProduct(opened.db, { buyerId: opened.buyerId, productId: other.id, now: at });
  return { opened, otherItem: inventoryItemId };
}

const kinds = (db: ReturnType<typeof openTestDb>["db"]) => pendingEvents(db, 100).map((event) => event.kind);

describe("settleFavourDeadlines", () => {
  it("reminds the buyer once, at a waking hour, then expires the unit at local midnight across the March change", () => {
    const { db, buyerId, itemId } = bought("sam", new Date("2026-03-05T15:00:00Z"));
    expect(listInventory(db, buyerId)).toMatchObject([{ useBy: "2026-03-13T04:00:00.000Z", useByDay: "2026-03-12" }]);
    // 00:00 EDT on the 11th: the reminder is due, but Sam is asleep until 06:30 (EDT: 10:30 UTC).
    expect(settleFavourDeadlines(db, partners, new Date("2026-03-11T04:00:00Z"))).toEqual({ expired: 0, reminded: 0 });
    expect(settleFavourDeadlines(db, partners, new Date("2026-03-11T10:29:00Z"))).toEqual({ expired: 0, reminded: 0 });
    expect(settleFavourDeadlines(db, partners, new Date("2026-03-11T10:30:00Z"))).toEqual({ expired: 0, reminded: 1 });
    expect(settleFavourDeadlines(db, partners, new Date("2026-03-11T15:00:00Z"))).toEqual({ expired: 0, reminded: 0 });
    const reminder = pendingEvents(db, 100).find((event) => event.kind === "favour_expiring");
    expect(reminder?.payload).toMatchObject({ buyerId, name: "Hug on arrival", useByDay: "2026-03-12" });

    // 23:59:59 EDT on the 12th it is still usable; at midnight EDT (04:00 UTC, not EST's 05:00) it is gone.
    expect(settleFavourDeadlines(db, partners, new Date("2026-03-13T03:59:59Z"))).toEqual({ expired: 0, reminded: 0 });
    expect(balanceOf(db, { userId: buyerId })).toBe(75);
    expect(settleFavourDeadlines(db, partners, new Date("2026-03-13T04:00:00Z"))).toEqual({ expired: 1, reminded: 0 });
    expect([balanceOf(db, { userId: buyerId }), balanceOf(db, "escrow")]).toEqual([100, 0]);
    expect(listInventory(db, buyerId)).toEqual([]);
    expect(kinds(db).filter((kind) => kind === "favour_expired")).toHaveLength(1);
    expect(db.$client.prepare("SELECT reference, amount FROM transfers WHERE kind = 'refund'").all()).toEqual([
      { reference: expect.stringMatching(/^expiry:\d+$/), amount: 25 },
    ]);
    expect(refusalOf(() => redeemItem(db, buyerId, itemId, new Date("2026-03-13T04:00:00Z"))).code).toBe("conflict");
  });

  it("expires at local midnight across the November change", () => {
    const { db, buyerId } = bought("sam", new Date("2026-10-28T14:00:00Z"));
    expect(settleFavourDeadlines(db, partners, new Date("2026-11-05T04:59:59Z")).expired).toBe(0);
    expect(settleFavourDeadlines(db, partners, new Date("2026-11-05T05:00:00Z")).expired).toBe(1);
    expect(balanceOf(db, { userId: buyerId })).toBe(100);
  });

  it("expires at midnight in India for a buyer in Asia/Kolkata, and reminds at 07:00 there", () => {
    const { db, buyerId } = bought("alex", new Date("2026-11-23T20:00:00Z"));
    expect(settleFavourDeadlines(db, partners, new Date("2026-11-30T01:29:00Z")).reminded).toBe(0);
    expect(settleFavourDeadlines(db, partners, new Date("2026-11-30T01:30:00Z")).reminded).toBe(1);
    expect(settleFavourDeadlines(db, partners, new Date("2026-12-01T18:29:59Z")).expired).toBe(0);
    expect(settleFavourDeadlines(db, partners, new Date("2026-12-01T18:30:00Z")).expired).toBe(1);
    expect(balanceOf(db, { userId: buyerId })).toBe(100);
  });

  it("never expires a redeemed unit, and a redeem before the end uses the unit that expires first", () => {
    const { db, buyerId, sellerId, itemId } = bought("sam", new Date("2026-03-05T15:00:00Z"));
    const { redeemedItem } = redeemItem(db, buyerId, itemId, new Date("2026-03-12T20:00:00Z"));
    expect(settleFavourDeadlines(db, partners, new Date("2026-04-01T12:00:00Z"))).toEqual({ expired: 0, reminded: 0 });
    expect([balanceOf(db, "escrow"), balanceOf(db, { userId: sellerId })]).toEqual([25, 0]);
    expect(redeemedItem.name).toBe("Hug on arrival");
  });

  it("expires each unit once when two checks on two connections race", () => {
    const opened = bought("sam", new Date("2026-03-05T15:00:00Z"));
    const second = openDb(opened.path);
    try {
      const at = new Date("2026-03-20T12:00:00Z");
      const results = [settleFavourDeadlines(second, partners, at), settleFavourDeadlines(opened.db, partners, at)];
      expect(results.map((r) => r.expired).sort()).toEqual([0, 1]);
      expect(balanceOf(opened.db, { userId: opened.buyerId })).toBe(100);
      expect(kinds(opened.db).filter((kind) => kind === "favour_expired")).toHaveLength(1);
    } finally {
      second.$client.close();
    }
  });

  it("expires every other unit when one unit's rows disagree, and leaves that one as it is", () => {
    const { opened, otherItem } = boughtTwo();
    const { db, buyerId } = opened;
    // The hug's inventory row lost its unit by hand: its purchase is open with nothing to take.
    db.$client.prepare("UPDATE inventory_items SET quantity = 0 WHERE id = ?").run(opened.itemId);
    brokeOnPurpose(db);
    expect(checkDatabase(db)).not.toEqual([]);
    const broken = db.$client.prepare("SELECT id FROM purchases WHERE inventory_item_id = ?").get(opened.itemId) as {
      id: number;
    };

    const settled = settleFavourDeadlines(db, partners, new Date("2026-03-20T12:00:00Z"));

    expect(settled).toEqual({
      expired: 1,
      reminded: 0,
      stuck: [{ purchaseId: broken.id, why: expect.stringMatching(/has no unit left/) }],
    });
    expect(balanceOf(db, { userId: buyerId })).toBe(75);
    expect(listInventory(db, buyerId).map((item) => item.id)).not.toContain(otherItem);
    expect(db.$client.prepare("SELECT expired_at FROM purchases WHERE id = ?").get(broken.id)).toEqual({
      expired_at: null,
    });
    expect(kinds(db).filter((kind) => kind === "favour_expired")).toHaveLength(1);
  });

  it("expires the other units when one unit's escrow is short, and leaves that one as it is", () => {
    const { db, buyerId } = boughtTwo().opened;
    // The escrow lost the hug's 25 spanks by hand (both units' 50 were held): only one refund fits.
    db.$client.prepare("UPDATE accounts SET balance = balance - 25 WHERE kind = 'escrow'").run();
    brokeOnPurpose(db);

    const settled = settleFavourDeadlines(db, partners, new Date("2026-03-20T12:00:00Z"));

    expect(settled.expired).toBe(1);
    expect(settled.stuck).toEqual([{ purchaseId: expect.any(Number), why: expect.stringMatching(/enough spanks/) }]);
    expect(balanceOf(db, { userId: buyerId })).toBe(75);
  });

  it("leaves units without a deadline alone, and a second refund of one unit is refused by the database", () => {
    const opened = bought("sam", new Date("2026-03-05T15:00:00Z"));
    settleFavourDeadlines(opened.db, partners, new Date("2026-03-20T12:00:00Z"));
    const before = economySnapshot(opened.db);
    const reference = (
      opened.db.$client.prepare("SELECT reference FROM transfers WHERE kind = 'refund'").get() as { reference: string }
    ).reference;
    expect(() =>
      opened.db.$client
        .prepare(
          "INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, reference, memo, debit_balance_after, credit_balance_after, created_at) VALUES (1, 2, 1, 'refund', ?, 'x', 0, 0, 'now')",
        )
        .run(reference),
    ).toThrow(/UNIQUE/);
    expect(economySnapshot(opened.db)).toEqual(before);
  });
});
