import { settleFavourDeadlines } from "@spankbank/db/favourDeadlines";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, economySnapshot, giveSpanks } from "../test/economy.js";

const DAY = 86_400_000;

/** Sam bought two of Alex's hugs to use within a day, three days ago; one expired unused, the other is open. */
async function samsHugExpired() {
  const test = await buildEconomyApp();
  giveSpanks(test.db, test.sam, 100);
  const bought = new Date(Date.now() - 3 * DAY);
  const hug = createProduct(
    test.db,
    test.alex,
    { name: "Long hug", description: "As long as you need.", quantity: 5, price: 20, useWithinDays: 1 },
    bought,
  );
  purchaseProduct(test.db, { buyerId: test.sam, productId: hug.id, now: bought });
  const before = economySnapshot(test.db).escrow;
  expect(settleFavourDeadlines(test.db, [], new Date()).expired).toBe(1);
  const open = createProduct(test.db, test.alex, { name: "Kiss", description: "Just one.", quantity: 1, price: 5 });
  purchaseProduct(test.db, { buyerId: test.sam, productId: open.id });
  const call = (as: "alex" | "sam", method: "GET" | "POST", url: string, payload?: object) =>
    test.app.inject({ method, url, headers: { cookie: test.cookie[as] }, ...(payload ? { payload } : {}) });
  const purchaseIds = test.db.$client.prepare("SELECT id, expired_at FROM purchases ORDER BY id").all() as {
    id: number;
    expired_at: string | null;
  }[];
  return { ...test, call, before, purchaseIds };
}

describe("GET /api/expired-favours", () => {
  it("tells both partners what expired, when, and that its spanks went back to the buyer, not yet noticed", async () => {
    const { call, purchaseIds, before, db } = await samsHugExpired();
    const [expired] = purchaseIds;
    const line = {
      id: expired!.id,
      name: "Long hug",
      price: 20,
      expired_at: expired!.expired_at,
      buyer: "sam",
      seller: "alex",
      noticed: false,
    };
    for (const who of ["sam", "alex"] as const) {
      const reply = await call(who, "GET", "/api/expired-favours");
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ expired: [line] });
    }
    // The escrow held for it went back (to Sam: the ledger check after each test balances it).
    expect(economySnapshot(db).escrow).toBe(before - 20 + 5); // the kiss bought after it waits in escrow
  });

  it("answers 401 signed out", async () => {
    const { app } = await samsHugExpired();
    expect((await app.inject({ url: "/api/expired-favours" })).statusCode).toBe(401);
  });
});

describe("POST /api/expired-favours/noticed", () => {
  it("marks the favour told to that partner only, once", async () => {
    const { call, purchaseIds } = await samsHugExpired();
    const id = purchaseIds[0]!.id;
    const first = await call("sam", "POST", "/api/expired-favours/noticed", { purchase_ids: [id] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ noticed: 1 });
    expect((await call("sam", "GET", "/api/expired-favours")).json().expired[0].noticed).toBe(true);
    expect((await call("alex", "GET", "/api/expired-favours")).json().expired[0].noticed).toBe(false);
    expect((await call("sam", "POST", "/api/expired-favours/noticed", { purchase_ids: [id] })).json()).toEqual({
      noticed: 0,
    });
    expect((await call("alex", "POST", "/api/expired-favours/noticed", { purchase_ids: [id] })).json()).toEqual({
      noticed: 1,
    });
    expect((await call("alex", "GET", "/api/expired-favours")).json().expired[0].noticed).toBe(true);
  });

  it("refuses bad input naming the field, and writes nothing", async () => {
    const { call, purchaseIds } = await samsHugExpired();
    const [expired, open] = purchaseIds;
    for (const [payload, status, field] of [
      [{}, 400, "purchase_ids"],
      [{ purchase_ids: [] }, 400, "purchase_ids"],
      [{ purchase_ids: ["one"] }, 400, "purchase_ids"],
      [{ purchase_ids: [expired!.id, open!.id] }, 404, "purchase_ids[1]"],
      [{ purchase_ids: [expired!.id, 9999] }, 404, "purchase_ids[1]"],
    ] as const) {
      const reply = await call("sam", "POST", "/api/expired-favours/noticed", payload);
      expect({ payload, status: reply.statusCode }).toEqual({ payload, status });
      expect(reply.json().message).toContain(field);
    }
    expect((await call("sam", "GET", "/api/expired-favours")).json().expired[0].noticed).toBe(false);
  });
});
