import { balanceOf } from "@spankbank/db/ledger";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, economySnapshot, giveSpanks } from "../test/economy.js";

const call = { name: "Video call at sunrise", description: "Your morning, my night.", quantity: 3, price: 40 };
const tomorrow = () => new Date(Date.now() + 86_400_000);

/** Sam (100 spanks) owns one of Alex's calls, listed "use within 7 days". */
async function samOwnsACall() {
  const test = await buildEconomyApp();
  giveSpanks(test.db, test.sam, 100);
  const product = createProduct(test.db, test.alex, { ...call, useWithinDays: 7 });
  const { inventoryItemId } = purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  const send = (as: "alex" | "sam" | null, method: "GET" | "POST", url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: as ? { cookie: test.cookie[as] } : {},
      ...(payload ? { payload } : {}),
    });
  return { ...test, itemId: inventoryItemId, send };
}

describe("favours at a distance over HTTP", () => {
  it("redeems with a note and a wished time the seller sees in what they owe, and shows the use-by day", async () => {
    const { send, itemId } = await samOwnsACall();
    const inventory = (await send("sam", "GET", "/api/inventory")).json().inventory;
    expect(inventory).toEqual([
      expect.objectContaining({
        id: itemId,
        use_by: expect.any(String),
        use_by_day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      }),
    ]);
    const wished = tomorrow();
    const redeemed = await send("sam", "POST", "/api/redeem", {
      itemId,
      note: "Before my first meeting?",
      wishedAt: wished.toISOString(),
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().redeemedItem).toMatchObject({
      note: "Before my first meeting?",
      wished_at: wished.toISOString(),
    });
    const owed = (await send("alex", "GET", "/api/owed")).json();
    expect(owed).toEqual({
      owed: [expect.objectContaining({ note: "Before my first meeting?", wished_at: wished.toISOString(), price: 40 })],
      escrowTotal: 40,
    });
  });

  it("lets the seller decline with a reason: the buyer's spanks come back and the reason shows on their list", async () => {
    const { db, send, itemId, sam, alex } = await samOwnsACall();
    const { redeemedItem } = (await send("sam", "POST", "/api/redeem", { itemId })).json();
    expect(balanceOf(db, { userId: sam })).toBe(60);

    const declined = await send("alex", "POST", "/api/decline-redeem", {
      itemId: redeemedItem.id,
      reason: "Night shift all week",
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({
      success: true,
      message: 'You declined "Video call at sunrise": 40 spanks went back to your partner.',
      refunded: 40,
    });
    expect([balanceOf(db, { userId: sam }), balanceOf(db, "escrow"), balanceOf(db, { userId: alex })]).toEqual([
      100, 0, 0,
    ]);
    expect((await send("sam", "GET", "/api/redeemed")).json().redeemedItems).toEqual([
      expect.objectContaining({
        declined_at: expect.any(String),
        decline_reason: "Night shift all week",
        confirmed_at: null,
      }),
    ]);
    expect((await send("alex", "GET", "/api/owed")).json()).toEqual({ owed: [], escrowTotal: 0 });

    const before = economySnapshot(db);
    const again = await send("alex", "POST", "/api/decline-redeem", { itemId: redeemedItem.id, reason: "Again" });
    expect(again.statusCode).toBe(409);
    const confirm = await send("sam", "POST", "/api/confirm-redeem", { itemId: redeemedItem.id });
    expect(confirm.statusCode).toBe(409);
    expect(economySnapshot(db)).toEqual(before);
  });

  it("answers 409 to declining a confirmed favour, writing nothing", async () => {
    const { db, send, itemId } = await samOwnsACall();
    const { redeemedItem } = (await send("sam", "POST", "/api/redeem", { itemId })).json();
    await send("sam", "POST", "/api/confirm-redeem", { itemId: redeemedItem.id });
    const before = economySnapshot(db);
    const late = await send("alex", "POST", "/api/decline-redeem", { itemId: redeemedItem.id, reason: "Too late" });
    expect(late.statusCode).toBe(409);
    expect(economySnapshot(db)).toEqual(before);
  });

  it("answers 401 signed out, 403 when the buyer tries to decline, 404 for an unknown one, writing nothing", async () => {
    const { db, send, itemId } = await samOwnsACall();
    const { redeemedItem } = (await send("sam", "POST", "/api/redeem", { itemId })).json();
    const before = economySnapshot(db);
    const body = { itemId: redeemedItem.id, reason: "Changed my mind" };
    expect((await send(null, "POST", "/api/decline-redeem", body)).statusCode).toBe(401);
    const buyer = await send("sam", "POST", "/api/decline-redeem", body);
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().message).toBe("Only the partner who owes a favour can decline it.");
    expect((await send("alex", "POST", "/api/decline-redeem", { itemId: 999, reason: "No" })).statusCode).toBe(404);
    expect(economySnapshot(db)).toEqual(before);
  });

  it("answers 400 naming the field for a bad reason, note or wished time, writing nothing", async () => {
    const { db, send, itemId } = await samOwnsACall();
    const { redeemedItem } = (await send("sam", "POST", "/api/redeem", { itemId: itemId })).json();
    const bought = purchaseProduct(db, {
      buyerId: (await import("../test/app.js")).userIdOf(db, "sam"),
      productId: (db.$client.prepare("SELECT id FROM products").get() as { id: number }).id,
    });
    const before = economySnapshot(db);
    const cases: [string, string, object, string][] = [
      ["alex", "/api/decline-redeem", { itemId: redeemedItem.id }, "body.reason"],
      ["alex", "/api/decline-redeem", { itemId: redeemedItem.id, reason: "   " }, "body.reason"],
      ["alex", "/api/decline-redeem", { itemId: redeemedItem.id, reason: "x".repeat(301) }, "body.reason"],
      ["alex", "/api/decline-redeem", { itemId: redeemedItem.id, reason: "Busy \ud83d" }, "body.reason"],
      ["sam", "/api/redeem", { itemId: bought.inventoryItemId, note: "x".repeat(301) }, "body.note"],
      ["sam", "/api/redeem", { itemId: bought.inventoryItemId, note: "ring\u0000me" }, "body.note"],
      ["sam", "/api/redeem", { itemId: bought.inventoryItemId, wishedAt: "tomorrow morning" }, "body.wishedAt"],
      ["sam", "/api/redeem", { itemId: bought.inventoryItemId, wishedAt: "2020-01-01T09:00:00Z" }, "wishedAt"],
    ];
    for (const [as, url, payload, field] of cases) {
      const reply = await send(as as "alex" | "sam", "POST", url, payload);
      expect({ url, payload, status: reply.statusCode }).toEqual({ url, payload, status: 400 });
      expect(reply.json().message).toContain(field);
    }
    expect(economySnapshot(db)).toEqual(before);
  });
});
