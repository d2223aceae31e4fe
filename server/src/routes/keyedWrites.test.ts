import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, economySnapshot, giveSpanks } from "../test/economy.js";

/** Rows a write can add, counted to see it happened once. */
const tables = ["redemptions", "workouts", "bounties", "visits", "later_letters", "nudges", "transfers"];

/**
 * The writes a partner makes with one tap, each sent again with the same Idempotency-Key, as the
 * page does after a lost answer. Sam has 40 spanks and two massages from Alex to redeem.
 */
async function coupleWithAFavour() {
  const test = await buildEconomyApp();
  giveSpanks(test.db, test.sam, 100);
  const product = createProduct(test.db, test.alex, {
    name: "Back massage",
    description: "Twenty minutes.",
    quantity: 3,
    price: 30,
  });
  purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  const { inventoryItemId } = purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  const send = (url: string, payload: object, key?: string) =>
    test.app.inject({
      method: "POST",
      url,
      headers: { cookie: test.cookie.sam, ...(key ? { "idempotency-key": key } : {}) },
      payload,
    });
  const counts = () =>
    Object.fromEntries(
      tables.map((table) => [table, test.db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).pluck().get()]),
    );
  return { ...test, inventoryItemId, send, counts };
}

const writes = [
  { what: "a redeem", url: "/api/redeem", body: (item: number) => ({ itemId: item, note: "Sunday evening?" }) },
  {
    what: "a workout",
    url: "/api/log-workout",
    body: () => ({
      username: "sam",
      name: "Beach run",
      duration: 40,
      distance: 6.4,
      distanceUnit: "km",
      calories: 410,
    }),
  },
  { what: "a bounty", url: "/api/bounties", body: () => ({ title: "Send me our song", reward: 20 }) },
  {
    what: "a visit",
    url: "/api/visits",
    body: () => ({ start_date: "2027-01-18", end_date: "2027-01-27" }),
    // One next visit at a time: a second one is refused, with or without a key.
    secondStatus: 409,
  },
  {
    what: "a letter for later",
    url: "/api/later-letters",
    body: () => ({ text: "Merry Christmas, love", opening: { kind: "date", date: "2026-12-24", time: "08:00" } }),
  },
  { what: "a nudge", url: "/api/nudges", body: () => ({ line: "Missing your laugh" }) },
];

describe("a write sent again with its Idempotency-Key", () => {
  it.each(writes)("happens once for $what, and the repeat gets the first answer", async (write) => {
    const { url, body } = write;
    const { db, inventoryItemId, send, counts } = await coupleWithAFavour();
    const before = counts();

    const first = await send(url, body(inventoryItemId), "tap-1");
    const afterFirst = counts();
    const again = await send(url, body(inventoryItemId), "tap-1");

    expect(first.statusCode).toBeLessThan(300);
    expect(afterFirst).not.toEqual(before);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(counts()).toEqual(afterFirst);
    expect(economySnapshot(db).rows.idempotency_keys).toBe(1);

    const another = await send(url, body(inventoryItemId), "tap-2");
    if ("secondStatus" in write) {
      expect(another.statusCode).toBe(write.secondStatus);
    } else {
      expect(another.statusCode).toBe(first.statusCode);
      expect(counts()).not.toEqual(afterFirst);
    }
  });

  it("refuses the same key for a different write, and writes nothing", async () => {
    const { send, counts } = await coupleWithAFavour();
    await send("/api/bounties", { title: "Send me our song", reward: 20 }, "tap-1");
    const before = counts();

    const reused = await send("/api/bounties", { title: "Call me", reward: 5 }, "tap-1");

    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe("This Idempotency-Key was already used for a different request.");
    expect(counts()).toEqual(before);
  });

  it("answers a refused redeem the same way again, and stores nothing for a request that failed its checks", async () => {
    const { send, counts, db } = await coupleWithAFavour();
    const refused = await send("/api/redeem", { itemId: 9999 }, "tap-1");
    const again = await send("/api/redeem", { itemId: 9999 }, "tap-1");
    const invalid = await send("/api/redeem", { itemId: "x" }, "tap-2");

    expect(refused.statusCode).toBe(404);
    expect(again.body).toBe(refused.body);
    expect(invalid.statusCode).toBe(400);
    expect(economySnapshot(db).rows.idempotency_keys).toBe(1);
    expect(counts().redemptions).toBe(0);
  });

  it("still happens without a key, as the bot and older pages send it", async () => {
    const { send, counts } = await coupleWithAFavour();
    await send("/api/nudges", { line: "Hi" });
    await send("/api/nudges", { line: "Hi" });
    expect(counts().nudges).toBe(2);
  });
});
