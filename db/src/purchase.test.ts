import { describe, expect, it } from "vitest";
import { openDb } from "./client.js";
import { Refusal } from "./errors.js";
import { listInventory } from "./inventory.js";
import { balanceOf } from "./ledger.js";
import { pendingEvents } from "./outbox.js";
import { createProduct, removeProduct, updateProduct } from "./products.js";
import { purchaseProduct, purchaseProductOnce } from "./purchase.js";
import { economySnapshot, giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";

const massage = { name: "Back massage", description: "Twenty minutes, oil included.", quantity: 2, price: 30 };

describe("purchaseProduct", () => {
  it("moves exactly the price from buyer to escrow, takes one from stock and adds one to inventory", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, massage);

    const purchase = purchaseProduct(db, { buyerId: sam, productId: product.id });

    expect(purchase.newSpankTotal).toBe(70);
    expect(purchase.message).toBe('You bought "Back massage" for 30 spanks.');
    expect(balanceOf(db, { userId: sam })).toBe(70);
    expect(balanceOf(db, "escrow")).toBe(30);
    expect(balanceOf(db, { userId: alex })).toBe(0);
    expect(db.$client.prepare("SELECT quantity FROM products WHERE id = ?").get(product.id)).toEqual({ quantity: 1 });
    expect(listInventory(db, sam)).toEqual([
      {
        id: purchase.inventoryItemId,
        productId: product.id,
        name: "Back massage",
        description: "Twenty minutes, oil included.",
        quantity: 1,
        price: 30,
        sellerUsername: "alex",
        useBy: null,
        useByDay: null,
      },
    ]);
    const paid = db.$client.prepare("SELECT transfer_id, price FROM purchases WHERE id = ?").get(purchase.purchaseId);
    expect(paid).toEqual({ transfer_id: expect.any(Number), price: 30 });
    expect(pendingEvents(db)).toEqual([
      expect.objectContaining({
        kind: "item_bought",
        payload: expect.objectContaining({ buyerUsername: "sam", sellerUsername: "alex", name: "Back massage" }),
      }),
    ]);
  });

  it("stacks a second unit of the same snapshot on the same inventory item", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, massage);
    const first = purchaseProduct(db, { buyerId: sam, productId: product.id });
    const second = purchaseProduct(db, { buyerId: sam, productId: product.id });
    expect(second.inventoryItemId).toBe(first.inventoryItemId);
    expect(listInventory(db, sam)).toMatchObject([{ quantity: 2 }]);
    expect(second.newSpankTotal).toBe(40);
  });

  it("buys a free favour without moving any spanks", () => {
    const { db, alex, sam } = openTestDb();
    const product = createProduct(db, alex, { ...massage, price: 0 });
    const purchase = purchaseProduct(db, { buyerId: sam, productId: product.id });
    expect(purchase).toMatchObject({ newSpankTotal: 0, message: 'You bought "Back massage" for 0 spanks.' });
    expect(economySnapshot(db).rows.transfers).toBe(0);
    expect(listInventory(db, sam)).toMatchObject([{ quantity: 1, price: 0 }]);
  });

  it.each([
    ["own product", { buyer: "alex", spanks: 100, quantity: 2 }, "You cannot buy your own product."],
    ["sold out", { buyer: "sam", spanks: 100, quantity: 0 }, '"Back massage" is sold out.'],
    ["not enough spanks", { buyer: "sam", spanks: 29, quantity: 2 }, /not have enough spanks.*costs 30.*have 29/],
  ] as const)("refuses %s with a conflict and writes nothing", (_, setup, message) => {
    const { db, alex, sam } = openTestDb();
    const buyerId = setup.buyer === "alex" ? alex : sam;
    giveSpanks(db, buyerId, setup.spanks);
    const product = createProduct(db, alex, massage);
    if (setup.quantity === 0) db.$client.prepare("UPDATE products SET quantity = 0 WHERE id = ?").run(product.id);
    const before = economySnapshot(db);

    const refusal = refusalOf(() => purchaseProduct(db, { buyerId, productId: product.id }));

    expect(refusal.code).toBe("conflict");
    expect(refusal.message).toMatch(message);
    expect(economySnapshot(db)).toEqual(before);
  });

  it("answers a removed or unknown product as not found", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, massage);
    removeProduct(db, alex, product.id);
    const before = economySnapshot(db);
    expect(refusalOf(() => purchaseProduct(db, { buyerId: sam, productId: product.id })).code).toBe("not_found");
    expect(refusalOf(() => purchaseProduct(db, { buyerId: sam, productId: 424242 })).code).toBe("not_found");
    expect(economySnapshot(db)).toEqual(before);
  });

  // Sequential (better-sqlite3 is synchronous): the second connection sees the first one's sale.
  it("sells the last unit once across two connections to the same file, the second refused as sold out", () => {
    const { db, path, alex, sam } = openTestDb();
    const other = openDb(path);
    try {
      giveSpanks(db, sam, 100);
      const product = createProduct(db, alex, { ...massage, quantity: 1 });
      const outcomes = [db, other].map((connection) => {
        try {
          return purchaseProduct(connection, { buyerId: sam, productId: product.id });
        } catch (error) {
          return error;
        }
      });
      expect(outcomes[0]).toMatchObject({ newSpankTotal: 70 });
      expect(outcomes[1]).toBeInstanceOf(Refusal);
      expect((outcomes[1] as Refusal).message).toBe('"Back massage" is sold out.');
      expect(balanceOf(db, { userId: sam })).toBe(70);
      expect(balanceOf(db, "escrow")).toBe(30);
      expect(listInventory(db, sam)).toMatchObject([{ quantity: 1 }]);
    } finally {
      other.$client.close();
    }
  });

  it("keeps what was bought when the product is later edited or removed", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, massage);
    purchaseProduct(db, { buyerId: sam, productId: product.id });
    const bought = listInventory(db, sam);

    updateProduct(db, alex, product.id, {
      name: "Quick shoulder rub",
      description: "Five minutes.",
      quantity: 3,
      price: 5,
    });
    expect(listInventory(db, sam)).toEqual(bought);
    removeProduct(db, alex, product.id);
    expect(listInventory(db, sam)).toEqual(bought);
    expect(bought).toMatchObject([{ name: "Back massage", description: "Twenty minutes, oil included.", price: 30 }]);
  });
});

describe("purchaseProductOnce", () => {
  it("buys once for a repeated Idempotency-Key and replays the same Purchase", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, massage);
    const request = { buyerId: sam, productId: product.id, idempotencyKey: "click-1" };

    const first = purchaseProductOnce(db, request);
    const afterFirst = economySnapshot(db);
    const again = purchaseProductOnce(db, request);

    expect(first).toEqual({
      outcome: {
        purchaseId: expect.any(Number),
        inventoryItemId: expect.any(Number),
        newSpankTotal: 70,
        message: 'You bought "Back massage" for 30 spanks.',
      },
      replayed: false,
    });
    expect(again).toEqual({ ...first, replayed: true });
    expect(economySnapshot(db)).toEqual(afterFirst);
    expect(afterFirst.rows.purchases).toBe(1);
    expect(afterFirst.rows.idempotency_keys).toBe(1);

    const fresh = purchaseProductOnce(db, { ...request, idempotencyKey: "click-2" });
    expect(fresh.outcome).toMatchObject({ newSpankTotal: 40 });
  });

  it("remembers a Refusal too, replays it with its code, and writes nothing else for it", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 10);
    const product = createProduct(db, alex, massage);
    const before = economySnapshot(db);
    const request = { buyerId: sam, productId: product.id, idempotencyKey: "k" };

    const refused = purchaseProductOnce(db, request);
    giveSpanks(db, sam, 100);
    const replayed = purchaseProductOnce(db, request);

    expect(refused.outcome).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({ outcome: { code: "conflict" }, replayed: false });
    expect(replayed.outcome).toBeInstanceOf(Refusal);
    expect(replayed.outcome).toMatchObject({ code: "conflict", message: (refused.outcome as Refusal).message });
    expect(replayed.replayed).toBe(true);
    const after = economySnapshot(db);
    expect(after.rows).toEqual({ ...before.rows, idempotency_keys: 1, transfers: before.rows.transfers + 1 });
    expect(after.stock).toEqual(before.stock);
  });

  it("returns a refusal found midway instead of throwing, and buys every time without a key", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 50);
    const product = createProduct(db, alex, massage);
    const request = { buyerId: sam, productId: product.id };
    expect(purchaseProductOnce(db, request).outcome).toMatchObject({ newSpankTotal: 20 });
    expect(purchaseProductOnce(db, request).outcome).toMatchObject({ code: "conflict" });
    expect(economySnapshot(db).rows).toMatchObject({ purchases: 1, idempotency_keys: 0 });
  });

  it("keeps keys apart per partner", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    giveSpanks(db, alex, 100);
    const fromAlex = createProduct(db, alex, massage);
    const fromSam = createProduct(db, sam, massage);
    purchaseProductOnce(db, { buyerId: sam, productId: fromAlex.id, idempotencyKey: "same" });
    const alexBuys = purchaseProductOnce(db, { buyerId: alex, productId: fromSam.id, idempotencyKey: "same" });
    expect(alexBuys.replayed).toBe(false);
    expect(balanceOf(db, "escrow")).toBe(60);
  });

  it("refuses a key reused for another product, buying nothing", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    const massageProduct = createProduct(db, alex, massage);
    const dinner = createProduct(db, alex, { ...massage, name: "Dinner out" });
    purchaseProductOnce(db, { buyerId: sam, productId: massageProduct.id, idempotencyKey: "k" });
    const before = economySnapshot(db);

    const reused = purchaseProductOnce(db, { buyerId: sam, productId: dinner.id, idempotencyKey: "k" });

    expect(reused.replayed).toBe(false);
    expect(reused.outcome).toMatchObject({
      code: "conflict",
      message:
        "Your first try already went through before the connection dropped, so this one was not sent again: what you see now is what was saved.",
    });
    expect(economySnapshot(db)).toEqual(before);
  });

  it("forgets every partner's keys after a day, so the table does not grow for ever", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    giveSpanks(db, alex, 100);
    const fromAlex = createProduct(db, alex, massage);
    const fromSam = createProduct(db, sam, massage);
    const monday = new Date("2026-11-16T10:00:00Z");
    const tuesdayLater = new Date("2026-11-17T10:00:01Z");
    purchaseProductOnce(db, { buyerId: alex, productId: fromSam.id, idempotencyKey: "old", now: monday });
    purchaseProductOnce(db, { buyerId: sam, productId: fromAlex.id, idempotencyKey: "new", now: tuesdayLater });
    const keys = db.$client.prepare("SELECT key FROM idempotency_keys").all();
    expect(keys).toEqual([{ key: "new" }]);
  });
});

describe("purchaseProduct with the price the buyer saw", () => {
  it("refuses when the price changed since, naming the new price, and writes nothing", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 200);
    const product = createProduct(db, alex, { ...massage, price: 1 });
    updateProduct(db, alex, product.id, { ...massage, price: 150 });
    const before = economySnapshot(db);

    const refusal = refusalOf(() => purchaseProduct(db, { buyerId: sam, productId: product.id, expectedPrice: 1 }));

    expect(refusal).toMatchObject({ code: "conflict", message: 'The price of "Back massage" changed to 150 spanks.' });
    expect(economySnapshot(db)).toEqual(before);
  });

  it("buys when the price is still the one seen", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, massage);
    expect(purchaseProduct(db, { buyerId: sam, productId: product.id, expectedPrice: 30 }).newSpankTotal).toBe(70);
  });
});
