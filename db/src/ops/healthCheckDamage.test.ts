import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { grantStartingSpanks } from "../couple.js";
import { declineRedemption } from "../decline.js";
import { confirmRedemption, redeemItem } from "../inventory.js";
import { balanceOf } from "../ledger.js";
import { createProduct } from "../products.js";
import { purchaseProduct } from "../purchase.js";
import { answerQuestion, askQuestion } from "../questions/index.js";
import { brokeOnPurpose, giveSpanks, openTestDb } from "../test/testDb.js";
import { logWorkout } from "../workouts.js";
import { checkDatabase } from "./healthCheck.js";

const at = new Date("2026-03-01T12:00:00Z");

/** A transfer written by hand, with both cached balances moved as `transfer` would. */
function handTransfer(
  db: ReturnType<typeof openTestDb>["db"],
  from: string,
  to: string,
  amount: number,
  kind: string,
  reference: string,
): number {
  const id = (name: string) =>
    (db.$client.prepare("SELECT id FROM accounts WHERE name = ?").get(name) as { id: number }).id;
  db.$client.prepare("UPDATE accounts SET balance = balance - ? WHERE name = ?").run(amount, from);
  db.$client.prepare("UPDATE accounts SET balance = balance + ? WHERE name = ?").run(amount, to);
  const row = db.$client
    .prepare(
      `INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, reference, memo, debit_balance_after, credit_balance_after, created_at)
       VALUES (?, ?, ?, ?, ?, 'by hand', 0, 0, '2026-03-02T00:00:00.000Z') RETURNING id`,
    )
    .get(id(from), id(to), amount, kind, reference) as { id: number };
  return row.id;
}

describe("checkDatabase names damage that loses or duplicates spanks", () => {
  it("names a favour unit refunded twice: expired unused (refunded) and also redeemed and declined (refunded)", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, alex, 100);
    const favour = createProduct(db, sam, {
      name: "Back rub",
      description: "Ten minutes",
      quantity: 5,
      price: 10,
      useWithinDays: 3,
    });
    const first = purchaseProduct(db, { buyerId: alex, productId: favour.id, now: at });
    purchaseProduct(db, { buyerId: alex, productId: favour.id, now: at });
    const redeemed = redeemItem(db, alex, first.inventoryItemId, at);
    const unit = db.$client
      .prepare("SELECT id FROM purchases WHERE redemption_id = ?")
      .get(redeemed.redeemedItem.id) as {
      id: number;
    };
    expect(checkDatabase(db)).toEqual([]);

    brokeOnPurpose(db);
    // The redeemed unit expired as well (a broken guard): its item loses a unit and its price goes back to alex...
    const refund = handTransfer(db, "escrow", "user:alex", 10, "refund", `expiry:${unit.id}`);
    db.$client
      .prepare("UPDATE purchases SET expired_at = '2026-03-05T00:00:00.000Z', refund_transfer_id = ? WHERE id = ?")
      .run(refund, unit.id);
    db.$client.prepare("UPDATE inventory_items SET quantity = quantity - 1 WHERE id = ?").run(first.inventoryItemId);
    // ...and then sam declines the redemption: its price goes back to alex a second time.
    declineRedemption(db, sam, redeemed.redeemedItem.id, "Not this week", at);

    // Alex paid 20, got 20 back, and the other unit they paid for is gone from their inventory.
    expect(balanceOf(db, { userId: alex })).toBe(100);
    expect(db.$client.prepare("SELECT quantity FROM inventory_items").get()).toEqual({ quantity: 0 });
    expect(checkDatabase(db).map((broken) => broken.rule)).toContain("favour units");
  });

  it("names spanks left in escrow for a unit that is settled: a redemption settled at another price than its unit was bought for", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, alex, 100);
    const favour = createProduct(db, sam, { name: "Back rub", description: "Ten minutes", quantity: 5, price: 10 });
    const bought = purchaseProduct(db, { buyerId: alex, productId: favour.id, now: at });
    const redeemed = redeemItem(db, alex, bought.inventoryItemId, at);
    expect(checkDatabase(db)).toEqual([]);

    brokeOnPurpose(db);
    // The redeemed row's price drifts from its unit's (10 paid into escrow), then the buyer confirms it.
    db.$client.prepare("UPDATE redemptions SET price = 4 WHERE id = ?").run(redeemed.redeemedItem.id);
    confirmRedemption(db, alex, redeemed.redeemedItem.id, at);

    // Every unit is settled, yet escrow keeps 6 spanks nobody can ever get back; sam was paid 4 of 10.
    expect(db.$client.prepare("SELECT COUNT(*) AS open FROM redemptions WHERE confirmed_at IS NULL").get()).toEqual({
      open: 0,
    });
    expect(balanceOf(db, "escrow")).toBe(6);
    expect(checkDatabase(db).map((broken) => broken.rule)).toContain("favour units");
  });

  it("names an answer rewarded twice (DESIGN: the daily question earns once per question)", () => {
    const { db, alex } = openTestDb();
    const question = askQuestion(db, { text: "Our next trip?" });
    answerQuestion(db, { questionId: question.id, userId: alex, response: "Lisbon" }, { answerReward: 5 });
    expect(checkDatabase(db)).toEqual([]);

    brokeOnPurpose(db);
    handTransfer(db, "mint", "user:alex", 5, "answer", `answer:${question.id}:${alex}`);
    expect(checkDatabase(db).map((broken) => broken.rule)).toContain("earned once");
  });

  it("names the starting spanks granted twice to one partner", () => {
    const { db, alex } = openTestDb();
    grantStartingSpanks(db, { ...demoCouple, economy: { ...demoCouple.economy, startingSpanks: 50 } }, at);
    expect(checkDatabase(db)).toEqual([]);

    brokeOnPurpose(db);
    handTransfer(db, "mint", "user:alex", 50, "starting", `starting:${alex}`);
    expect(checkDatabase(db).map((broken) => broken.rule)).toContain("earned once");
  });

  it("names a workout rewarded twice (one workout, two workout rewards)", () => {
    const { db, alex } = openTestDb();
    const run = { name: "Morning run", duration: 30, distance: 5.25, distanceUnit: "km" as const, calories: 320 };
    logWorkout(db, { userId: alex, body: run, now: at }, { workoutReward: 5, workoutRewardsPerDay: 3 });
    const { reference } = db.$client.prepare("SELECT reference FROM transfers WHERE kind = 'workout'").get() as {
      reference: string;
    };
    expect(checkDatabase(db)).toEqual([]);

    brokeOnPurpose(db);
    handTransfer(db, "mint", "user:alex", 5, "workout", reference);
    expect(checkDatabase(db).map((broken) => broken.rule)).toContain("earned once");
  });
});
