import { describe, expect, it } from "vitest";
import { declineRedemption } from "./decline.js";
import { confirmRedemption, listRedeemed, redeemItem } from "./inventory.js";
import { balanceOf } from "./ledger.js";
import { pendingEvents } from "./outbox.js";
import { listOwedFavours } from "./owed.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { economySnapshot, giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";

const call = { name: "Video call at sunrise", description: "Your morning, my night.", quantity: 3, price: 40 };
const now = new Date("2026-11-23T12:00:00Z");

/** Sam (100 spanks) bought and redeemed Alex's call with a note and a wished time. */
function samRedeemedACall(price = call.price) {
  const opened = openTestDb();
  const { db, alex, sam } = opened;
  giveSpanks(db, sam, 100);
  const product = createProduct(db, alex, { ...call, price });
  const { inventoryItemId } = purchaseProduct(db, { buyerId: sam, productId: product.id, now });
  const { redeemedItem } = redeemItem(db, sam, inventoryItemId, now, {
    note: "Call me before my first meeting?",
    wishedAt: "2026-11-24T07:30:00-05:00",
  });
  return { ...opened, redemptionId: redeemedItem.id };
}

describe("redeemItem with a note and a wished time", () => {
  it("keeps both for the seller, the wished time as a UTC instant", () => {
    const { db, alex, redemptionId } = samRedeemedACall();
    expect(listOwedFavours(db, alex)).toEqual([
      expect.objectContaining({
        id: redemptionId,
        note: "Call me before my first meeting?",
        wishedAt: "2026-11-24T12:30:00.000Z",
      }),
    ]);
    const announced = pendingEvents(db, 100).find((event) => event.kind === "item_redeemed");
    expect(announced?.payload).toMatchObject({
      note: "Call me before my first meeting?",
      wishedAt: "2026-11-24T12:30:00.000Z",
    });
  });

  it("refuses a wished time in the past or a note with control characters, naming the field, writing nothing", () => {
    const opened = openTestDb();
    const { db, alex, sam } = opened;
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, call);
    const { inventoryItemId } = purchaseProduct(db, { buyerId: sam, productId: product.id, now });
    const before = economySnapshot(db);
    const past = refusalOf(() => redeemItem(db, sam, inventoryItemId, now, { wishedAt: "2026-11-23T11:58:00Z" }));
    expect([past.code, past.message]).toEqual(["invalid", "wishedAt: must not be in the past"]);
    const note = refusalOf(() => redeemItem(db, sam, inventoryItemId, now, { note: "hi\u0007" }));
    expect([note.code, note.message]).toEqual(["invalid", "note: must not contain control characters"]);
    const blank = refusalOf(() => redeemItem(db, sam, inventoryItemId, now, { note: " \u200b " }));
    expect(blank.message).toBe("note: must not be empty");
    expect(economySnapshot(db)).toEqual(before);
  });
});

describe("declineRedemption", () => {
  it("refunds the escrow to the buyer exactly, marks it declined with the reason and tells the buyer", () => {
    const { db, alex, sam, redemptionId } = samRedeemedACall();
    expect([balanceOf(db, { userId: sam }), balanceOf(db, "escrow")]).toEqual([60, 40]);

    const declined = declineRedemption(db, alex, redemptionId, "  I'm on a night shift that week, sorry!  ", now);

    expect(declined.refunded).toBe(40);
    expect([balanceOf(db, { userId: sam }), balanceOf(db, "escrow"), balanceOf(db, { userId: alex })]).toEqual([
      100, 0, 0,
    ]);
    expect(listRedeemed(db, sam)).toEqual([
      expect.objectContaining({
        id: redemptionId,
        declinedAt: now.toISOString(),
        declineReason: "I'm on a night shift that week, sorry!",
        confirmedAt: null,
      }),
    ]);
    expect(listOwedFavours(db, alex)).toEqual([]);
    const refund = db.$client.prepare("SELECT kind, reference, amount FROM transfers WHERE kind = 'refund'").all();
    expect(refund).toEqual([{ kind: "refund", reference: `decline:${redemptionId}`, amount: 40 }]);
    const told = pendingEvents(db, 100).find((event) => event.kind === "redemption_declined");
    expect(told?.payload).toMatchObject({
      buyerId: sam,
      sellerId: alex,
      price: 40,
      reason: "I'm on a night shift that week, sorry!",
    });
  });

  it("refuses a second decline and a confirm after it (409), and a decline after a confirm, writing nothing", () => {
    const { db, alex, sam, redemptionId } = samRedeemedACall();
    declineRedemption(db, alex, redemptionId, "Not this week", now);
    const before = economySnapshot(db);
    expect(refusalOf(() => declineRedemption(db, alex, redemptionId, "Again", now)).code).toBe("conflict");
    expect(refusalOf(() => confirmRedemption(db, sam, redemptionId, now)).message).toBe(
      '"Video call at sunrise" was declined: its spanks went back to you.',
    );
    expect(economySnapshot(db)).toEqual(before);

    const other = samRedeemedACall();
    confirmRedemption(other.db, other.sam, other.redemptionId, now);
    const confirmed = economySnapshot(other.db);
    const late = refusalOf(() => declineRedemption(other.db, other.alex, other.redemptionId, "Too late", now));
    expect([late.code, late.message]).toEqual([
      "conflict",
      '"Video call at sunrise" was already confirmed as delivered.',
    ]);
    expect(economySnapshot(other.db)).toEqual(confirmed);
    expect(balanceOf(other.db, { userId: other.alex })).toBe(40);
  });

  it("is the seller's alone: the buyer is forbidden, an unknown id not found, a blank reason invalid", () => {
    const { db, alex, sam, redemptionId } = samRedeemedACall();
    const before = economySnapshot(db);
    expect(refusalOf(() => declineRedemption(db, sam, redemptionId, "I changed my mind", now)).code).toBe("forbidden");
    expect(refusalOf(() => declineRedemption(db, alex, 999, "No", now)).code).toBe("not_found");
    expect(refusalOf(() => declineRedemption(db, alex, redemptionId, "   ", now)).message).toBe(
      "reason: must not be empty",
    );
    expect(refusalOf(() => declineRedemption(db, alex, redemptionId, "x".repeat(301), now)).message).toBe(
      "reason: must be at most 300 characters",
    );
    expect(economySnapshot(db)).toEqual(before);
  });

  it("declines a free favour without a transfer", () => {
    const { db, alex, redemptionId } = samRedeemedACall(0);
    expect(declineRedemption(db, alex, redemptionId, "Can't, sorry", now).refunded).toBe(0);
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM transfers WHERE kind = 'refund'").get()).toEqual({ n: 0 });
  });
});

describe("who the news is for", () => {
  it("marks a decline, an expiry reminder and an expiry as the buyer's (quiet hours on their clock)", async () => {
    const { db, alex, sam, redemptionId } = samRedeemedACall();
    declineRedemption(db, alex, redemptionId, "Not this week", now);
    const hug = createProduct(db, alex, {
      name: "Hug",
      description: "At the gate.",
      quantity: 1,
      price: 5,
      useWithinDays: 3,
    });
    purchaseProduct(db, { buyerId: sam, productId: hug.id, now });
    const { settleFavourDeadlines } = await import("./favourDeadlines.js");
    const partners = [{ username: "sam", timeZone: "America/New_York", sleep: { from: "23:00", to: "06:30" } }];
    settleFavourDeadlines(db, partners, new Date("2026-11-25T15:00:00Z"));
    settleFavourDeadlines(db, partners, new Date("2026-11-27T15:00:00Z"));
    const recipients = db.$client
      .prepare(
        "SELECT kind, recipient_user_id AS recipient FROM outbox WHERE kind IN ('redemption_declined', 'favour_expiring', 'favour_expired') ORDER BY id",
      )
      .all();
    expect(recipients).toEqual([
      { kind: "redemption_declined", recipient: sam },
      { kind: "favour_expiring", recipient: sam },
      { kind: "favour_expired", recipient: sam },
    ]);
  });
});
