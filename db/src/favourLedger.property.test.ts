import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declineRedemption } from "./decline.js";
import { Refusal } from "./errors.js";
import { settleFavourDeadlines } from "./favourDeadlines.js";
import { confirmRedemption, listInventory, listRedeemed, redeemItem } from "./inventory.js";
import { balanceOf, checkLedger } from "./ledger.js";
import { createProduct } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { giveSpanks, openTestDb } from "./test/testDb.js";

const partners = [
  { username: "alex", timeZone: "Asia/Kolkata", sleep: { from: "23:30", to: "07:00" } },
  { username: "sam", timeZone: "America/New_York", sleep: { from: "23:00", to: "06:30" } },
];
const start = Date.parse("2026-03-01T12:00:00Z");

/** One step of the couple's week: who acts, what, on which (by position), and how many hours pass first. */
const step = fc.record({
  hours: fc.integer({ min: 0, max: 60 }),
  who: fc.constantFrom("alex" as const, "sam" as const),
  action: fc.constantFrom("buy", "redeem", "decline", "confirm", "expire"),
  pick: fc.nat(20),
});

describe("favours at a distance keep the ledger exact", () => {
  it("any interleaving of buy, redeem, decline, confirm and expire never loses or duplicates a spank", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const { db, alex, sam } = openTestDb();
        const ids = { alex, sam };
        giveSpanks(db, alex, 200);
        giveSpanks(db, sam, 200);
        const products = [
          createProduct(db, alex, {
            name: "Call",
            description: "At sunrise.",
            quantity: 10,
            price: 15,
            useWithinDays: 2,
          }),
          createProduct(db, sam, {
            name: "Letter",
            description: "Handwritten.",
            quantity: 10,
            price: 40,
            useWithinDays: 5,
          }),
          createProduct(db, sam, { name: "Song", description: "Just for you.", quantity: 10, price: 0 }),
          createProduct(db, alex, { name: "Recipe", description: "Grandma's.", quantity: 10, price: 7 }),
        ];
        let at = start;
        for (const { hours, who, action, pick } of steps) {
          at += hours * 3_600_000;
          const now = new Date(at);
          const me = ids[who];
          try {
            if (action === "buy")
              purchaseProduct(db, { buyerId: me, productId: products[pick % products.length]!.id, now });
            else if (action === "redeem") {
              const items = listInventory(db, me);
              if (items.length > 0) redeemItem(db, me, items[pick % items.length]!.id, now, { note: "Soon?" });
            } else if (action === "expire") settleFavourDeadlines(db, partners, now);
            else {
              // Redeemed items of either partner: a confirm or decline by the wrong one must refuse too.
              const open = [...listRedeemed(db, alex), ...listRedeemed(db, sam)];
              const target = open[pick % Math.max(open.length, 1)];
              if (target) {
                if (action === "confirm") confirmRedemption(db, me, target.id, now);
                else declineRedemption(db, me, target.id, "Not this time", now);
              }
            }
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
          }
          expect(checkLedger(db)).toEqual([]);
          // Escrow holds exactly the price of every unit bought and not yet confirmed, declined or expired.
          const held = db.$client
            .prepare(
              `SELECT COALESCE(SUM(p.price), 0) AS held FROM purchases p
               LEFT JOIN redemptions r ON r.id = p.redemption_id
               WHERE p.expired_at IS NULL AND (r.id IS NULL OR (r.confirmed_at IS NULL AND r.declined_at IS NULL))`,
            )
            .get() as { held: number };
          expect(balanceOf(db, "escrow")).toBe(held.held);
          // Partners, escrow and charity together: the 400 minted plus nothing else.
          const total = balanceOf(db, { userId: alex }) + balanceOf(db, { userId: sam }) + balanceOf(db, "escrow");
          expect(total + balanceOf(db, "charity")).toBe(400);
        }
      }),
      { numRuns: 60 },
    );
  });
});
