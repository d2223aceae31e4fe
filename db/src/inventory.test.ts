import { describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { confirmRedemption, listInventory, listRedeemed, redeemItem } from "./inventory.js";
import { balanceOf } from "./ledger.js";
import { pendingEvents } from "./outbox.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { economySnapshot, giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";

const massage = { name: "Back massage", description: "Twenty minutes, oil included.", quantity: 5, price: 30 };

/** Sam buys `units` of Alex's massage. */
function samOwnsMassages(units: number, price = massage.price) {
  const opened = openTestDb();
  const { db, alex, sam } = opened;
  giveSpanks(db, sam, 200);
  const product = createProduct(db, alex, { ...massage, price });
  let itemId = 0;
  for (let i = 0; i < units; i++) itemId = purchaseProduct(db, { buyerId: sam, productId: product.id }).inventoryItemId;
  return { ...opened, itemId, productId: product.id };
}

function eventKinds(db: Db) {
  return pendingEvents(db, 100).map((event) => event.kind);
}

describe("redeemItem", () => {
  it("turns one unit into a redeemed item and tells the seller", () => {
    const { db, sam, itemId } = samOwnsMassages(2);
    const redeemedAt = new Date("2025-02-14T20:00:00Z");

    const redemption = redeemItem(db, sam, itemId, redeemedAt);

    expect(redemption).toEqual({
      redeemedItem: {
        id: expect.any(Number),
        name: "Back massage",
        description: "Twenty minutes, oil included.",
        price: 30,
        redeemedAt: "2025-02-14T20:00:00.000Z",
        confirmedAt: null,
        sellerUsername: "alex",
        note: null,
        wishedAt: null,
        declinedAt: null,
        declineReason: null,
      },
      remainingQuantity: 1,
    });
    expect(listInventory(db, sam)).toMatchObject([{ id: itemId, quantity: 1 }]);
    expect(listRedeemed(db, sam)).toEqual([redemption.redeemedItem]);
    expect(eventKinds(db)).toEqual(["item_bought", "item_bought", "item_redeemed"]);
    expect(balanceOf(db, "escrow")).toBe(60);
  });

  it("drops an item from the inventory list at 0 and refuses to redeem it again", () => {
    const { db, sam, itemId } = samOwnsMassages(1);
    expect(redeemItem(db, sam, itemId).remainingQuantity).toBe(0);
    expect(listInventory(db, sam)).toEqual([]);
    const before = economySnapshot(db);
    const refusal = refusalOf(() => redeemItem(db, sam, itemId));
    expect(refusal.code).toBe("conflict");
    expect(economySnapshot(db)).toEqual(before);
  });

  it("answers someone else's item or an unknown one as not found", () => {
    const { db, alex, itemId } = samOwnsMassages(1);
    const before = economySnapshot(db);
    expect(refusalOf(() => redeemItem(db, alex, itemId)).code).toBe("not_found");
    expect(refusalOf(() => redeemItem(db, alex, 777)).code).toBe("not_found");
    expect(economySnapshot(db)).toEqual(before);
  });

  it("lists redeemed items most recent first", () => {
    const { db, sam, itemId } = samOwnsMassages(2);
    const older = redeemItem(db, sam, itemId, new Date("2025-01-01T00:00:00Z")).redeemedItem;
    const newer = redeemItem(db, sam, itemId, new Date("2025-03-01T00:00:00Z")).redeemedItem;
    expect(listRedeemed(db, sam).map((item) => item.id)).toEqual([newer.id, older.id]);
  });
});

describe("confirmRedemption", () => {
  it("pays the seller the price paid from escrow, exactly once", () => {
    const { db, alex, sam, itemId } = samOwnsMassages(1);
    const { redeemedItem } = redeemItem(db, sam, itemId);
    const confirmedAt = new Date("2025-02-15T08:00:00Z");

    const confirmed = confirmRedemption(db, sam, redeemedItem.id, confirmedAt);

    expect(confirmed).toEqual({ ...redeemedItem, confirmedAt: "2025-02-15T08:00:00.000Z" });
    expect(balanceOf(db, { userId: alex })).toBe(30);
    expect(balanceOf(db, "escrow")).toBe(0);
    expect(eventKinds(db).at(-1)).toBe("redemption_confirmed");

    const before = economySnapshot(db);
    const again = refusalOf(() => confirmRedemption(db, sam, redeemedItem.id));
    expect(again.code).toBe("conflict");
    expect(again.message).toMatch(/already confirmed/);
    expect(economySnapshot(db)).toEqual(before);
    expect(balanceOf(db, { userId: alex })).toBe(30);
  });

  it("pays the price of the snapshot, not the product's current price", () => {
    const { db, alex, sam, itemId, productId } = samOwnsMassages(1);
    db.$client.prepare("UPDATE products SET price = 999 WHERE id = ?").run(productId);
    const { redeemedItem } = redeemItem(db, sam, itemId);
    confirmRedemption(db, sam, redeemedItem.id);
    expect(balanceOf(db, { userId: alex })).toBe(30);
  });

  it("confirms a free favour without a transfer", () => {
    const { db, alex, sam, itemId } = samOwnsMassages(1, 0);
    const { redeemedItem } = redeemItem(db, sam, itemId);
    const before = economySnapshot(db).rows.transfers;
    expect(confirmRedemption(db, sam, redeemedItem.id).confirmedAt).not.toBeNull();
    expect(economySnapshot(db).rows.transfers).toBe(before);
    expect(balanceOf(db, { userId: alex })).toBe(0);
  });

  it("answers someone else's redemption as not found, even for the seller", () => {
    const { db, alex, sam, itemId } = samOwnsMassages(1);
    const { redeemedItem } = redeemItem(db, sam, itemId);
    const before = economySnapshot(db);
    expect(refusalOf(() => confirmRedemption(db, alex, redeemedItem.id)).code).toBe("not_found");
    expect(refusalOf(() => confirmRedemption(db, sam, 31337)).code).toBe("not_found");
    expect(economySnapshot(db)).toEqual(before);
  });
});
