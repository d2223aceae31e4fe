import { describe, expect, it } from "vitest";
import { confirmRedemption, redeemItem } from "./inventory.js";
import { listOwedFavours } from "./owed.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { giveSpanks, openTestDb } from "./test/testDb.js";

/** Sam buys two of Alex's massages and one of Alex's teas, and redeems one massage and the tea. */
function samRedeemsAlexsFavours() {
  const opened = openTestDb();
  const { db, alex, sam } = opened;
  giveSpanks(db, sam, 200);
  const massage = createProduct(db, alex, { name: "Massage", description: "Twenty minutes.", quantity: 5, price: 30 });
  const tea = createProduct(db, alex, { name: "Tea", description: "Brewed right.", quantity: 5, price: 0 });
  const massages = purchaseProduct(db, { buyerId: sam, productId: massage.id });
  purchaseProduct(db, { buyerId: sam, productId: massage.id });
  const teas = purchaseProduct(db, { buyerId: sam, productId: tea.id });
  const first = redeemItem(db, sam, massages.inventoryItemId, new Date("2025-02-14T20:00:00Z")).redeemedItem;
  const second = redeemItem(db, sam, teas.inventoryItemId, new Date("2025-02-15T08:00:00Z")).redeemedItem;
  return { ...opened, first, second };
}

describe("listOwedFavours", () => {
  it("lists the seller's redeemed, unconfirmed favours with the buyer and the price in escrow, oldest first", () => {
    const { db, alex, first, second } = samRedeemsAlexsFavours();
    expect(listOwedFavours(db, alex)).toEqual([
      {
        id: first.id,
        name: "Massage",
        description: "Twenty minutes.",
        price: 30,
        redeemedAt: "2025-02-14T20:00:00.000Z",
        buyerUsername: "sam",
        note: null,
        wishedAt: null,
      },
      {
        id: second.id,
        name: "Tea",
        description: "Brewed right.",
        price: 0,
        redeemedAt: "2025-02-15T08:00:00.000Z",
        buyerUsername: "sam",
        note: null,
        wishedAt: null,
      },
    ]);
  });

  it("drops a favour once the buyer confirms it, and never lists the buyer's own debts", () => {
    const { db, alex, sam, first, second } = samRedeemsAlexsFavours();
    confirmRedemption(db, sam, first.id);
    expect(listOwedFavours(db, alex).map((favour) => favour.id)).toEqual([second.id]);
    confirmRedemption(db, sam, second.id);
    expect(listOwedFavours(db, alex)).toEqual([]);
    expect(listOwedFavours(db, sam)).toEqual([]);
  });
});
