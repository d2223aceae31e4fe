import { syncCouple } from "@spankbank/db/couple";
import { settleFavourDeadlines } from "@spankbank/db/favourDeadlines";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { describe, expect, it } from "vitest";
import { testCouple } from "../test/app.js";
import { buildEconomyApp, giveSpanks } from "../test/economy.js";

describe("a favour's last day once its buyer moved (a new timeZone in couple.config.json)", () => {
  // East (its old end comes later than the new one) and west (the old end came hours before the day's end).
  it.each([
    { to: "Europe/Lisbon", lateOnLastDay: "2026-11-29T23:30:00Z" },
    { to: "America/Los_Angeles", lateOnLastDay: "2026-11-30T07:30:00Z" },
  ])(
    "can still be redeemed until the end of the last day the inventory shows, on the buyer's new clock ($to)",
    async ({ to, lateOnLastDay }) => {
      let clock = new Date("2026-11-26T15:00:00Z"); // 10:00 in New York, where Sam lives
      const test = await buildEconomyApp();
      const { app, db, sam, alex } = test;
      giveSpanks(db, sam, 100);
      const hug = createProduct(
        db,
        alex,
        { name: "Long hug", description: "As long as you need.", quantity: 5, price: 20, useWithinDays: 3 },
        clock,
      );
      purchaseProduct(db, { buyerId: sam, productId: hug.id, now: clock });
      // Sam moves from New York; the server restarts with the new config.
      const [alexPartner, samInNewYork] = testCouple.partners;
      syncCouple(db, { ...testCouple, partners: [alexPartner!, { ...samInNewYork!, timeZone: to }] });

      const inventory = await app.inject({ url: "/api/inventory?username=sam", headers: { cookie: test.cookie.sam } });
      const [item] = inventory.json().inventory;
      const lastDay: string = item.use_by_day;
      // Bought on 26 November on Sam's clock, to use within 3 days: the 29th is the last day, wherever Sam lives.
      expect(lastDay).toBe("2026-11-29");
      // 23:30 on that day, on Sam's new clock: the quarter-hourly check runs, then Sam redeems.
      clock = new Date(lateOnLastDay);
      settleFavourDeadlines(db, [], clock);
      const redeem = await buildRedeem(test, item.id, clock);
      expect(redeem.statusCode, `redeeming on ${lastDay} at 23:30, the last day shown: ${redeem.body}`).toBe(200);
    },
  );
});

async function buildRedeem(test: Awaited<ReturnType<typeof buildEconomyApp>>, itemId: number, at: Date) {
  const { buildApp } = await import("../app.js");
  const app = await buildApp({ db: test.db, config: testCouple, demo: true, now: () => at });
  try {
    return await app.inject({
      method: "POST",
      url: "/api/redeem?username=sam",
      headers: { cookie: test.cookie.sam },
      payload: { itemId },
    });
  } finally {
    await app.close();
  }
}
