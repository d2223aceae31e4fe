import { describe, expect, it } from "vitest";
import { checkDatabase } from "./healthCheck.js";
import { confirmRedemption, redeemItem } from "./inventory.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { giveSpanks, openTestDb } from "./test/testDb.js";

/** A couple mid-trade: alex bought two of sam's favours, redeemed both and confirmed one. */
function tradingCouple() {
  const test = openTestDb();
  const { db, alex, sam } = test;
  giveSpanks(db, alex, 100);
  const favour = createProduct(db, sam, { name: "Back rub", description: "Ten minutes", quantity: 5, price: 10 });
  const first = purchaseProduct(db, { buyerId: alex, productId: favour.id });
  purchaseProduct(db, { buyerId: alex, productId: favour.id });
  purchaseProduct(db, { buyerId: alex, productId: favour.id });
  const redeemed = redeemItem(db, alex, first.inventoryItemId);
  redeemItem(db, alex, first.inventoryItemId);
  confirmRedemption(db, alex, redeemed.redeemedItem.id);
  return test;
}

describe("checkDatabase", () => {
  it("finds nothing wrong on a couple mid-trade", () => {
    const { db } = tradingCouple();
    expect(checkDatabase(db)).toEqual([]);
  });

  it("names escrow when it holds more than the unconfirmed purchases", () => {
    const { db } = tradingCouple();
    db.$client.exec("UPDATE purchases SET price = price + 1 WHERE id = 1");
    expect(checkDatabase(db)).toEqual([
      { rule: "escrow", detail: "escrow holds 20 spanks, but unconfirmed purchases are worth 21" },
    ]);
    db.$client.exec("UPDATE purchases SET price = price - 1 WHERE id = 1");
  });

  it("names an inventory line that is not bought minus redeemed", () => {
    const { db } = tradingCouple();
    db.$client.exec("UPDATE inventory_items SET quantity = 3");
    expect(checkDatabase(db)).toEqual([
      {
        rule: "inventory",
        detail: 'inventory item 1 ("Back rub") holds 3, but bought minus redeemed is 1',
      },
    ]);
  });

  it("names the ledger when a cached balance drifts from its transfers", () => {
    const { db } = tradingCouple();
    db.$client.exec("UPDATE accounts SET balance = balance + 5 WHERE name = 'charity'");
    expect(checkDatabase(db).map((problem) => problem.rule)).toEqual(["ledger", "ledger"]);
    // Put it back: the test kit checks the ledger after each test.
    db.$client.exec("UPDATE accounts SET balance = balance - 5 WHERE name = 'charity'");
  });

  it("names a row whose foreign key points nowhere", () => {
    const { db } = tradingCouple();
    db.$client.pragma("foreign_keys = OFF");
    db.$client.exec("UPDATE redemptions SET inventory_item_id = 999 WHERE id = 2");
    db.$client.pragma("foreign_keys = ON");
    expect(checkDatabase(db)).toContainEqual({
      rule: "foreign_key_check",
      detail: "redemptions row 2 points at a missing inventory_items",
    });
  });

  it("accepts one message for several events of one partner (a morning digest), names it for events of both", () => {
    const { db } = tradingCouple();
    // All of the trade's events are for Sam, the seller.
    db.$client.exec(
      "UPDATE outbox SET delivered_at = '2026-01-15T12:00:00.000Z', discord_message_id = '77' WHERE id IN (1, 2)",
    );
    expect(checkDatabase(db)).toEqual([]);
    db.$client.exec("UPDATE outbox SET recipient_user_id = NULL WHERE id IN (1, 2)");
    expect(checkDatabase(db)).toEqual([{ rule: "outbox", detail: "Discord message 77 announces 2 events" }]);
  });

  it("names an outbox event that kept failing with no reason logged", () => {
    const { db } = tradingCouple();
    db.$client.exec("UPDATE outbox SET attempts = 3, last_error = NULL WHERE id = 1");
    const [problem] = checkDatabase(db);
    expect(problem?.rule).toBe("outbox");
    expect(problem?.detail).toMatch(/^event 1 \(\w+\) failed 3 time\(s\) with no reason logged$/);
  });
});
