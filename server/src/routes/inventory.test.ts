import { balanceOf } from "@spankbank/db/ledger";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { buildEconomyApp, economySnapshot, giveSpanks } from "../test/economy.js";
import { sessionCookie } from "../test/session.js";

const massage = { name: "Back massage", description: "Twenty minutes, oil included.", quantity: 5, price: 30 };

/** Sam owns two of Alex's massages. */
async function samOwnsMassages() {
  const test = await buildEconomyApp();
  giveSpanks(test.db, test.sam, 100);
  const product = createProduct(test.db, test.alex, massage);
  purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  const { inventoryItemId } = purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  const call = (as: "alex" | "sam", method: "GET" | "POST", url: string, payload?: object) =>
    test.app.inject({ method, url, headers: { cookie: test.cookie[as] }, ...(payload ? { payload } : {}) });
  return { ...test, itemId: inventoryItemId, call };
}

describe("GET /api/inventory", () => {
  it("lists the signed-in partner's units with the price paid and the seller", async () => {
    const { call, itemId } = await samOwnsMassages();
    const reply = await call("sam", "GET", "/api/inventory?username=sam");
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      inventory: [
        {
          id: itemId,
          productId: expect.any(Number),
          name: "Back massage",
          description: massage.description,
          quantity: 2,
          price: 30,
          username: "alex",
          use_by: null,
          use_by_day: null,
        },
      ],
    });
    expect((await call("alex", "GET", "/api/inventory")).json()).toEqual({ inventory: [] });
    expect((await call("alex", "GET", "/api/inventory?username=sam")).statusCode).toBe(403);
  });
});

describe("POST /api/redeem", () => {
  it("turns one unit into a redeemed item and lists it", async () => {
    const { db, call, itemId } = await samOwnsMassages();
    const reply = await call("sam", "POST", "/api/redeem?username=sam", { itemId });
    expect(reply.statusCode).toBe(200);
    const { redeemedItem, remainingQuantity } = reply.json();
    expect(remainingQuantity).toBe(1);
    expect(redeemedItem).toEqual({
      id: expect.any(Number),
      name: "Back massage",
      description: massage.description,
      price: massage.price,
      redeemed_at: expect.any(String),
      confirmed_at: null,
      username: "alex",
      note: null,
      wished_at: null,
      declined_at: null,
      decline_reason: null,
    });
    expect((await call("sam", "GET", "/api/redeemed")).json()).toEqual({ redeemedItems: [redeemedItem] });
    expect((await call("sam", "GET", "/api/inventory")).json()).toMatchObject({ inventory: [{ quantity: 1 }] });
    expect(db.$client.prepare("SELECT kind FROM outbox ORDER BY id DESC LIMIT 1").get()).toEqual({
      kind: "item_redeemed",
    });
  });

  it("drops the item at 0 and answers 409 to one more redeem", async () => {
    const { db, call, itemId } = await samOwnsMassages();
    await call("sam", "POST", "/api/redeem", { itemId });
    expect((await call("sam", "POST", "/api/redeem", { itemId })).json()).toMatchObject({ remainingQuantity: 0 });
    expect((await call("sam", "GET", "/api/inventory")).json()).toEqual({ inventory: [] });
    const before = economySnapshot(db);
    const again = await call("sam", "POST", "/api/redeem", { itemId });
    expect(again.statusCode).toBe(409);
    expect(economySnapshot(db)).toEqual(before);
  });

  it("answers 404 for someone else's item or an unknown one, and 400 for a bad itemId", async () => {
    const { db, call, itemId } = await samOwnsMassages();
    const before = economySnapshot(db);
    expect((await call("alex", "POST", "/api/redeem", { itemId })).statusCode).toBe(404);
    expect((await call("sam", "POST", "/api/redeem", { itemId: 9999 })).statusCode).toBe(404);
    expect((await call("sam", "POST", "/api/redeem?username=alex", { itemId })).statusCode).toBe(403);
    const bad = await call("sam", "POST", "/api/redeem", { itemId: "one" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.itemId");
    expect(economySnapshot(db)).toEqual(before);
  });
});

describe("POST /api/redeem while an older unit of the favour has just expired", () => {
  it("redeems the unit still in date, not refusing the whole item until the quarter-hour check runs", async () => {
    let clock = new Date("2026-05-01T12:00:00Z");
    const test = await buildTestApp({ now: () => clock });
    const [alex, sam] = [userIdOf(test.db, "alex"), userIdOf(test.db, "sam")];
    giveSpanks(test.db, sam, 100);
    const breakfast = createProduct(
      test.db,
      alex,
      { name: "Breakfast in bed", description: "Pancakes", quantity: 5, price: 10, useWithinDays: 1 },
      clock,
    );
    // Sam (New York) buys one on 1 May (last day 2 May) and another on 2 May (last day 3 May).
    purchaseProduct(test.db, { buyerId: sam, productId: breakfast.id, now: clock });
    const { inventoryItemId } = purchaseProduct(test.db, {
      buyerId: sam,
      productId: breakfast.id,
      now: new Date("2026-05-02T12:00:00Z"),
    });
    // 01:00 on 3 May in New York: the first unit's last day is over, the second's is today.
    clock = new Date("2026-05-03T05:00:00Z");
    const redeemed = await test.app.inject({
      method: "POST",
      url: "/api/redeem",
      headers: { cookie: sessionCookie(test, "sam") },
      payload: { itemId: inventoryItemId },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const units = test.db.$client
      .prepare("SELECT use_by, redemption_id IS NOT NULL AS redeemed FROM purchases ORDER BY id")
      .all();
    expect(units).toEqual([
      { use_by: expect.stringMatching(/^2026-05-03T04:00/), redeemed: 0 },
      { use_by: expect.stringMatching(/^2026-05-04T04:00/), redeemed: 1 },
    ]);
  });
});

describe("POST /api/confirm-redeem", () => {
  it("pays the seller from escrow exactly once, then answers 409", async () => {
    const { db, alex, call, itemId } = await samOwnsMassages();
    const redeemed = (await call("sam", "POST", "/api/redeem", { itemId })).json().redeemedItem;
    expect(balanceOf(db, "escrow")).toBe(60);

    const confirmed = await call("sam", "POST", "/api/confirm-redeem?username=sam", { itemId: redeemed.id });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: "Redemption confirmed successfully." });
    expect(balanceOf(db, { userId: alex })).toBe(30);
    expect(balanceOf(db, "escrow")).toBe(30);
    const listed = (await call("sam", "GET", "/api/redeemed")).json().redeemedItems;
    expect(listed).toMatchObject([{ id: redeemed.id, confirmed_at: expect.any(String) }]);

    const before = economySnapshot(db);
    const again = await call("sam", "POST", "/api/confirm-redeem", { itemId: redeemed.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, error: "Conflict" });
    expect(economySnapshot(db)).toEqual(before);
    expect(balanceOf(db, { userId: alex })).toBe(30);
  });

  it("answers 404 when the redemption is someone else's, even the seller's", async () => {
    const { db, call, itemId } = await samOwnsMassages();
    const redeemed = (await call("sam", "POST", "/api/redeem", { itemId })).json().redeemedItem;
    const before = economySnapshot(db);
    expect((await call("alex", "POST", "/api/confirm-redeem", { itemId: redeemed.id })).statusCode).toBe(404);
    expect((await call("sam", "POST", "/api/confirm-redeem", { itemId: 4242 })).statusCode).toBe(404);
    expect((await call("sam", "POST", "/api/confirm-redeem", {})).statusCode).toBe(400);
    expect(economySnapshot(db)).toEqual(before);
  });
});
