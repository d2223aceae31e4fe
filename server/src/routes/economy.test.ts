import { createProduct, updateProduct } from "@spankbank/db/products";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, economySnapshot, giveSpanks } from "../test/economy.js";

const massage = { name: "Back massage", description: "Twenty minutes, oil included.", quantity: 2, price: 30 };

/** Alex lists a massage; Sam has `spanks` to spend. */
async function shopWithMassage(spanks = 100, overrides: Partial<typeof massage> = {}) {
  const test = await buildEconomyApp();
  giveSpanks(test.db, test.sam, spanks);
  const product = createProduct(test.db, test.alex, { ...massage, ...overrides });
  const buy = (as: "alex" | "sam", payload: unknown = { productId: product.id, quantity: 1 }, headers = {}) =>
    test.app.inject({
      method: "POST",
      url: `/api/purchase?username=${as}`,
      headers: { cookie: test.cookie[as], ...headers },
      payload: payload as object,
    });
  return { ...test, product, buy };
}

describe("GET /api/spankTotal", () => {
  it("answers the signed-in partner's total, and 403 for the other partner's discordId", async () => {
    const { app, db, sam, cookie } = await buildEconomyApp();
    giveSpanks(db, sam, 42);
    const own = await app.inject({
      url: "/api/spankTotal?discordId=222222222222222222",
      headers: { cookie: cookie.sam },
    });
    const bare = await app.inject({ url: "/api/spankTotal", headers: { cookie: cookie.alex } });
    const other = await app.inject({
      url: "/api/spankTotal?discordId=222222222222222222",
      headers: { cookie: cookie.alex },
    });
    const signedOut = await app.inject({ url: "/api/spankTotal" });

    expect(own.json()).toEqual({ spankTotal: 42 });
    expect(bare.json()).toEqual({ spankTotal: 0 });
    expect(other.statusCode).toBe(403);
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("POST /api/purchase", () => {
  it("moves the price to escrow, takes one from stock, adds one to inventory and tells the bot", async () => {
    const { db, product, buy } = await shopWithMassage();
    const before = economySnapshot(db);

    const reply = await buy("sam");

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      newSpankTotal: 70,
      message: 'You bought "Back massage" for 30 spanks.',
    });
    const after = economySnapshot(db);
    expect(after.escrow).toBe(before.escrow + 30);
    expect(after.rows).toEqual({
      ...before.rows,
      inventory_items: 1,
      purchases: 1,
      transfers: before.rows.transfers + 1,
      outbox: 1,
    });
    expect(db.$client.prepare("SELECT quantity FROM products WHERE id = ?").get(product.id)).toEqual({ quantity: 1 });
    expect(db.$client.prepare("SELECT kind FROM outbox").all()).toEqual([{ kind: "item_bought" }]);
  });

  it.each([
    ["own product", "alex", 100, 2, "You cannot buy your own product."],
    ["sold out", "sam", 100, 0, '"Back massage" is sold out.'],
    [
      "not enough spanks",
      "sam",
      29,
      2,
      'You do not have enough spanks: "Back massage" costs 30 spanks and you have 29 spanks.',
    ],
  ] as const)("refuses %s with 409 {success:false} and writes nothing", async (_, buyer, spanks, stock, message) => {
    const { db, alex, product, buy } = await shopWithMassage(spanks);
    giveSpanks(db, alex, 100);
    db.$client.prepare("UPDATE products SET quantity = ? WHERE id = ?").run(stock, product.id);
    const before = economySnapshot(db);

    const reply = await buy(buyer);

    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ statusCode: 409, error: "Conflict", success: false, message });
    expect(economySnapshot(db)).toEqual(before);
  });

  it("answers a removed or unknown product with 404 {success:false}", async () => {
    const { db, product, buy } = await shopWithMassage();
    db.$client.prepare("UPDATE products SET removed_at = '2025-01-01T00:00:00.000Z' WHERE id = ?").run(product.id);
    const before = economySnapshot(db);
    for (const productId of [product.id, 999]) {
      const reply = await buy("sam", { productId, quantity: 1 });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ statusCode: 404, success: false });
    }
    expect(economySnapshot(db)).toEqual(before);
  });

  it("refuses to buy in the other partner's name", async () => {
    const { app, db, product, cookie } = await shopWithMassage();
    const before = economySnapshot(db);
    const reply = await app.inject({
      method: "POST",
      url: "/api/purchase?username=alex",
      headers: { cookie: cookie.sam },
      payload: { productId: product.id, quantity: 1 },
    });
    expect(reply.statusCode).toBe(403);
    expect(economySnapshot(db)).toEqual(before);
  });

  it("buys once for a repeated Idempotency-Key and answers the same body", async () => {
    const { db, product, buy } = await shopWithMassage();
    const key = { "idempotency-key": "3f7c2a9e-double-click" };

    const [first, second] = await Promise.all([
      buy("sam", { productId: product.id, quantity: 1 }, key),
      buy("sam", { productId: product.id, quantity: 1 }, key),
    ]);
    const later = await buy("sam", { productId: product.id, quantity: 1 }, key);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(later.body).toBe(first.body);
    expect(second.body).toBe(first.body);
    expect(economySnapshot(db).rows).toMatchObject({ purchases: 1, idempotency_keys: 1 });
    expect(db.$client.prepare("SELECT quantity FROM products WHERE id = ?").get(product.id)).toEqual({ quantity: 1 });

    const another = await buy("sam", { productId: product.id, quantity: 1 }, { "idempotency-key": "another" });
    expect(another.json()).toMatchObject({ newSpankTotal: 40 });
  });

  it("replays a refused purchase for its key, even after the reason went away", async () => {
    const { db, sam, product, buy } = await shopWithMassage(10);
    const key = { "idempotency-key": "k-1" };
    const refused = await buy("sam", { productId: product.id, quantity: 1 }, key);
    giveSpanks(db, sam, 100);
    const replayed = await buy("sam", { productId: product.id, quantity: 1 }, key);
    expect(refused.statusCode).toBe(409);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.body).toBe(refused.body);
    expect(economySnapshot(db).rows.purchases).toBe(0);
  });

  // better-sqlite3 is synchronous, so the two requests run one after the other: this shows the
  // second finds the unit gone, not real contention (that is the multi-process test's job).
  it("sells the last unit once to two purchases sent together: the second is refused as sold out", async () => {
    const { db, product, buy } = await shopWithMassage(100, { quantity: 1 });
    const replies = await Promise.all([buy("sam"), buy("sam")]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(economySnapshot(db)).toMatchObject({ escrow: 30, rows: { purchases: 1 } });
    expect(db.$client.prepare("SELECT quantity FROM products WHERE id = ?").get(product.id)).toEqual({ quantity: 0 });
  });

  it("refuses with 409 when the price changed from the expectedPrice, and buys nothing", async () => {
    const { db, alex, product, buy } = await shopWithMassage(200);
    updateProduct(db, alex, product.id, { ...massage, price: 150 });
    const before = economySnapshot(db);

    const reply = await buy("sam", { productId: product.id, quantity: 1, expectedPrice: 30 });

    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({
      statusCode: 409,
      error: "Conflict",
      success: false,
      message: 'The price of "Back massage" changed to 150 spanks.',
    });
    expect(economySnapshot(db)).toEqual(before);
  });

  it("refuses with 409 a favour changed since the buyer's page showed it (same price), and buys nothing", async () => {
    const { db, alex, product, buy } = await shopWithMassage(200);
    // Sam's phone shows the massage as it was listed; Alex has since made it another favour at the same price.
    const seen = product.updatedAt;
    updateProduct(db, alex, product.id, { ...massage, name: "Wash the car", description: "Inside and out." });
    const before = economySnapshot(db);

    const reply = await buy("sam", { productId: product.id, quantity: 1, expectedPrice: 30, based_on: seen });

    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ success: false, message: expect.stringContaining("changed since") });
    expect(economySnapshot(db)).toEqual(before);
    // Bought as the page now shows it, it goes through; an older page sending no version buys as before.
    const current = db.$client.prepare("SELECT updated_at FROM products WHERE id = ?").get(product.id) as {
      updated_at: string;
    };
    const fresh = await buy("sam", {
      productId: product.id,
      quantity: 1,
      expectedPrice: 30,
      based_on: current.updated_at,
    });
    expect(fresh.statusCode).toBe(200);
    expect((await buy("sam", { productId: product.id, quantity: 1, expectedPrice: 30 })).statusCode).toBe(200);
  });

  it("buys at the expectedPrice when it is still the price", async () => {
    const { buy, product } = await shopWithMassage();
    const reply = await buy("sam", { productId: product.id, quantity: 1, expectedPrice: 30 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, newSpankTotal: 70 });
  });

  it.each([
    ["a negative expectedPrice", { productId: 1, expectedPrice: -1 }, {}, "body.expectedPrice"],
    ["a based_on that is no time", { productId: 1, based_on: "yesterday" }, {}, "body.based_on"],
    ["a missing productId", { quantity: 1 }, {}, "body.productId"],
    ["a productId as text", { productId: "1", quantity: 1 }, {}, "body.productId"],
    ["a fractional productId", { productId: 1.5, quantity: 1 }, {}, "body.productId"],
    ["a quantity of 2", { productId: 1, quantity: 2 }, {}, "body.quantity"],
    [
      "a 101-character Idempotency-Key",
      { productId: 1 },
      { "idempotency-key": "k".repeat(101) },
      "headers.idempotency-key",
    ],
  ])("answers %s with 400 naming the field, and writes nothing", async (_, payload, headers, field) => {
    const { db, buy } = await shopWithMassage();
    const before = economySnapshot(db);
    const reply = await buy("sam", payload, headers);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain(field);
    expect(economySnapshot(db)).toEqual(before);
  });
});

describe("the economy routes", () => {
  it("never answer 500 to odd input", async () => {
    const { app, cookie } = await buildEconomyApp();
    const odd = [null, [], "text", 0, { productId: 1e308 }, { productId: -1 }, { itemId: {} }, { name: ["x"] }, {}];
    const routes = [
      ["POST", "/api/purchase"],
      ["POST", "/api/products"],
      ["PUT", "/api/products/1"],
      ["PUT", "/api/products/abc"],
      ["PUT", "/api/products/99999999999999999999"],
      ["DELETE", "/api/products/-5"],
      ["POST", "/api/redeem"],
      ["POST", "/api/confirm-redeem"],
      ["GET", "/api/transactions?page=0"],
      ["GET", "/api/transactions?page=1e9"],
      ["GET", "/api/transactions?page=x&page=y"],
      ["GET", "/api/charitySpankTotal?charityName="],
      ["GET", "/api/spankTotal?discordId=1&discordId=2"],
      ["GET", "/api/inventory?username[a]=1"],
    ] as const;
    for (const [method, url] of routes) {
      for (const payload of odd) {
        const body = method === "GET" || method === "DELETE" ? {} : { payload: JSON.stringify(payload) };
        const reply = await app.inject({
          method,
          url,
          headers: { cookie: cookie.sam, "content-type": "application/json" },
          ...body,
        });
        expect(reply.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${reply.body}`).toBeLessThan(500);
      }
    }
  });
});
