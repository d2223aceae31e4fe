import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { TRANSACTIONS_PER_PAGE } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, giveSpanks } from "../test/economy.js";

describe("GET /api/transactions", () => {
  it("lists only the signed-in partner's transfers, newest first, with the balance after", async () => {
    const { app, db, alex, sam, cookie } = await buildEconomyApp();
    giveSpanks(db, sam, 100);
    const product = createProduct(db, alex, { name: "Tea", description: "Brewed right.", quantity: 2, price: 30 });
    purchaseProduct(db, { buyerId: sam, productId: product.id, now: new Date("2025-06-01T09:00:00Z") });

    const reply = await app.inject({ url: "/api/transactions", headers: { cookie: cookie.sam } });

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      page: 1,
      pageCount: 1,
      transactions: [
        {
          id: expect.any(Number),
          kind: "purchase",
          amount: -30,
          memo: 'Bought "Tea"',
          created_at: "2025-06-01T09:00:00.000Z",
          balance_after: 70,
        },
        {
          id: expect.any(Number),
          kind: "award",
          amount: 100,
          memo: "test",
          created_at: expect.any(String),
          balance_after: 100,
        },
      ],
    });
    const alexSees = await app.inject({ url: "/api/transactions", headers: { cookie: cookie.alex } });
    expect(alexSees.json()).toEqual({ page: 1, pageCount: 1, transactions: [] });
  });

  it("pages, and answers 400 naming the field for a bad page", async () => {
    const { app, db, sam, cookie } = await buildEconomyApp();
    for (let i = 0; i <= TRANSACTIONS_PER_PAGE; i++) giveSpanks(db, sam, 1);
    const second = await app.inject({ url: "/api/transactions?page=2", headers: { cookie: cookie.sam } });
    expect(second.json()).toMatchObject({ page: 2, pageCount: 2, transactions: [{ amount: 1, balance_after: 1 }] });

    for (const page of ["0", "-1", "1.5", "two"]) {
      const bad = await app.inject({ url: `/api/transactions?page=${page}`, headers: { cookie: cookie.sam } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("querystring.page");
    }
    expect((await app.inject({ url: "/api/transactions" })).statusCode).toBe(401);
  });
});
