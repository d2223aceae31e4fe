import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, giveSpanks } from "../test/economy.js";

/** Sam bought two of Alex's massages and redeemed one. */
async function samRedeemedAlexsMassage() {
  const test = await buildEconomyApp();
  giveSpanks(test.db, test.sam, 100);
  const product = createProduct(test.db, test.alex, {
    name: "Back massage",
    description: "Twenty minutes, oil included.",
    quantity: 5,
    price: 30,
  });
  const { inventoryItemId } = purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  const call = (as: "alex" | "sam", method: "GET" | "POST", url: string, payload?: object) =>
    test.app.inject({ method, url, headers: { cookie: test.cookie[as] }, ...(payload ? { payload } : {}) });
  const redeemed = await call("sam", "POST", "/api/redeem", { itemId: inventoryItemId });
  return { ...test, call, redeemedItem: redeemed.json().redeemedItem };
}

describe("GET /api/owed", () => {
  it("lists the seller's favours the buyer redeemed, with when and the spanks in escrow", async () => {
    const { call, redeemedItem } = await samRedeemedAlexsMassage();
    const reply = await call("alex", "GET", "/api/owed");
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      owed: [
        {
          id: redeemedItem.id,
          name: "Back massage",
          description: "Twenty minutes, oil included.",
          price: 30,
          redeemed_at: redeemedItem.redeemed_at,
          username: "sam",
          note: null,
          wished_at: null,
        },
      ],
      escrowTotal: 30,
    });
  });

  it("empties once the buyer confirms the favour", async () => {
    const { call, redeemedItem } = await samRedeemedAlexsMassage();
    expect((await call("sam", "POST", "/api/confirm-redeem", { itemId: redeemedItem.id })).statusCode).toBe(200);
    expect((await call("alex", "GET", "/api/owed")).json()).toEqual({ owed: [], escrowTotal: 0 });
  });

  it("never shows the buyer the seller's debts", async () => {
    const { call } = await samRedeemedAlexsMassage();
    expect((await call("sam", "GET", "/api/owed")).json()).toEqual({ owed: [], escrowTotal: 0 });
  });

  it("answers 401 signed out", async () => {
    const { app } = await samRedeemedAlexsMassage();
    expect((await app.inject({ url: "/api/owed" })).statusCode).toBe(401);
  });
});
