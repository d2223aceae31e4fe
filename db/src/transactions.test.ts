import { TRANSACTIONS_PER_PAGE } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { donate } from "./charity.js";
import { openDb } from "./client.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";
import { listTransactions } from "./transactions.js";

describe("listTransactions", () => {
  it("shows the partner's transfers newest first, signed from their side, with the balance after", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, sam, 100);
    giveSpanks(db, alex, 7);
    const product = createProduct(db, alex, { name: "Tea", description: "Brewed right.", quantity: 3, price: 30 });
    purchaseProduct(db, { buyerId: sam, productId: product.id, now: new Date("2025-05-01T12:00:00Z") });

    const statement = listTransactions(db, sam);

    expect(statement).toEqual({
      page: 1,
      pageCount: 1,
      transactions: [
        {
          id: expect.any(Number),
          kind: "purchase",
          amount: -30,
          memo: 'Bought "Tea"',
          createdAt: "2025-05-01T12:00:00.000Z",
          balanceAfter: 70,
        },
        {
          id: expect.any(Number),
          kind: "award",
          amount: 100,
          memo: "test",
          createdAt: expect.any(String),
          balanceAfter: 100,
        },
      ],
    });
    expect(listTransactions(db, alex).transactions).toMatchObject([{ amount: 7, balanceAfter: 7 }]);
  });

  it("pages by TRANSACTIONS_PER_PAGE", () => {
    const { db, alex } = openTestDb();
    giveSpanks(db, alex, 1000);
    for (let i = 0; i < TRANSACTIONS_PER_PAGE; i++) donate(db, alex, 1);

    const first = listTransactions(db, alex, 1);
    const second = listTransactions(db, alex, 2);
    const beyond = listTransactions(db, alex, 3);

    expect(first.pageCount).toBe(2);
    expect(first.transactions).toHaveLength(TRANSACTIONS_PER_PAGE);
    expect(first.transactions[0]).toMatchObject({
      kind: "donation",
      amount: -1,
      balanceAfter: 1000 - TRANSACTIONS_PER_PAGE,
    });
    expect(second.transactions).toMatchObject([{ kind: "award", amount: 1000, balanceAfter: 1000 }]);
    expect(beyond).toEqual({ transactions: [], page: 3, pageCount: 2 });
  });

  it("has one empty page for a partner with no transfers, and refuses page 0", () => {
    const { db, sam } = openTestDb();
    expect(listTransactions(db, sam)).toEqual({ transactions: [], page: 1, pageCount: 1 });
    expect(refusalOf(() => listTransactions(db, sam, 0)).code).toBe("invalid");
  });

  it("counts the pages again after this connection's or the bot's write", () => {
    const { db, alex, path } = openTestDb();
    giveSpanks(db, alex, 1000);
    for (let i = 0; i < TRANSACTIONS_PER_PAGE - 1; i++) donate(db, alex, 1);
    expect(listTransactions(db, alex).pageCount).toBe(1);
    donate(db, alex, 1);
    expect(listTransactions(db, alex).pageCount).toBe(2);

    // The bot writing through its own connection: a page more of lines makes a third page.
    const bot = openDb(path);
    try {
      for (let i = 0; i < TRANSACTIONS_PER_PAGE; i++) donate(bot, alex, 1);
    } finally {
      bot.$client.close();
    }
    expect(listTransactions(db, alex).pageCount).toBe(3);
  });
});
