import { describe, expect, it } from "vitest";
import { approveBounty, markBountyDone, postBounty, settleBountyDeadlines, withdrawBounty } from "../bounties.js";
import { declineRedemption } from "../decline.js";
import { settleFavourDeadlines } from "../favourDeadlines.js";
import { confirmRedemption, listRedeemed, redeemItem } from "../inventory.js";
import { createProduct } from "../products.js";
import { purchaseProduct } from "../purchase.js";
import { answerQuestion, askQuestion, rateGuess } from "../questions/index.js";
import { brokeOnPurpose, giveSpanks, openTestDb } from "../test/testDb.js";
import { checkDatabase } from "./healthCheck.js";

/** A couple mid-trade: alex bought three of sam's favours, redeemed two and confirmed one. */
function tradingCouple() {
  const test = openTestDb();
  const { db, alex, sam } = test;
  giveSpanks(db, alex, 100);
  const favour = createProduct(db, sam, { name: "Back rub", description: "Ten minutes", quantity: 5, price: 10 });
  const first = purchaseProduct(db, { buyerId: alex, productId: favour.id });
  purchaseProduct(db, { buyerId: alex, productId: favour.id });
  purchaseProduct(db, { buyerId: alex, productId: favour.id });
  const redeemed = redeemItem(db, alex, first.inventoryItemId);
  redeemItem(db, alex, first.inventoryItemId);
  confirmRedemption(db, alex, redeemed.redeemedItem.id);
  return test;
}

describe("checkDatabase", () => {
  it("finds nothing wrong on a couple mid-trade", () => {
    const { db } = tradingCouple();
    expect(checkDatabase(db)).toEqual([]);
  });

  it("finds nothing wrong after a declined favour and an expired one, both refunded", () => {
    const { db, alex, sam } = tradingCouple();
    const open = listRedeemed(db, alex).find((item) => item.confirmedAt === null);
    declineRedemption(db, sam, open!.id, "Not this week");
    const lasting = createProduct(db, sam, {
      name: "Movie night pick",
      description: "Yours to choose",
      quantity: 2,
      price: 15,
      useWithinDays: 1,
    });
    const bought = new Date("2026-03-01T12:00:00Z");
    purchaseProduct(db, { buyerId: alex, productId: lasting.id, now: bought });
    expect(settleFavourDeadlines(db, [], new Date("2026-03-05T12:00:00Z")).expired).toBe(1);
    expect(checkDatabase(db)).toEqual([]);
  });

  it("finds nothing wrong after bounties approved, withdrawn and expired; names one paid twice or left in escrow", () => {
    const { db, alex, sam } = tradingCouple();
    giveSpanks(db, sam, 50);
    const at = new Date("2026-03-01T12:00:00Z");
    const paid = postBounty(db, sam, { title: "Voice note", reward: 20 }, at);
    markBountyDone(db, alex, paid.id, "Sent", at);
    approveBounty(db, sam, paid.id, at);
    withdrawBounty(db, sam, postBounty(db, sam, { title: "Photo", reward: 5 }, at).id, at);
    postBounty(db, alex, { title: "Call", reward: 7, due_date: "2026-03-02" }, at);
    expect(settleBountyDeadlines(db, new Date("2026-03-05T12:00:00Z"))).toEqual({ refunded: 1 });
    expect(checkDatabase(db)).toEqual([]);

    brokeOnPurpose(db);
    // The approved bounty's reward refunded as well (its payout forgotten): escrow short, a refund for nothing.
    db.$client.exec(
      `INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, reference, memo, debit_balance_after, credit_balance_after, created_at)
       SELECT e.id, u.id, 20, 'bounty_refund', 'twice', 'again', e.balance - 20, u.balance + 20, '2026-03-06T00:00:00.000Z'
       FROM accounts e, accounts u WHERE e.name = 'escrow' AND u.user_id = ${sam}`,
    );
    db.$client.exec("UPDATE bounties SET status = 'done', settled_at = NULL, settle_transfer_id = NULL WHERE id = 1");
    const rules = checkDatabase(db).map((problem) => problem.rule);
    expect(rules).toEqual(["ledger", "ledger", "escrow", "bounty payments", "bounty payments"]);
    expect(checkDatabase(db).filter((problem) => problem.rule === "bounty payments")).toEqual([
      { rule: "bounty payments", detail: expect.stringMatching(/^transfer \d+ \(bounty_payout\) pays for no bounty$/) },
      { rule: "bounty payments", detail: expect.stringMatching(/^transfer \d+ \(bounty_refund\) pays for no bounty$/) },
    ]);
  });

  it("names escrow when it holds more than the unconfirmed purchases", () => {
    const { db } = tradingCouple();
    brokeOnPurpose(db);
    db.$client.exec("UPDATE purchases SET price = price + 1 WHERE id = 3");
    expect(checkDatabase(db)).toEqual([
      {
        rule: "escrow",
        detail:
          "escrow holds 20 spanks, but favours bought and not yet confirmed, declined or expired and bounties not yet approved or refunded are worth 21",
      },
      {
        rule: "favour payments",
        detail:
          "purchase 3 (11 spanks) is paid by transfer 4 (purchase, 10 spanks, between other partners or of another kind or amount)",
      },
    ]);
  });

  it("names a nailed guess's reward paid twice, or paid for a guess that was not nailed", () => {
    const test = openTestDb();
    const { db, alex, sam } = test;
    const question = askQuestion(db, { text: "Our next trip?" });
    answerQuestion(
      db,
      { questionId: question.id, userId: alex, response: "Lisbon", guess: "Kyoto" },
      { answerReward: 0 },
    );
    answerQuestion(db, { questionId: question.id, userId: sam, response: "Kyoto" }, { answerReward: 0 });
    rateGuess(db, { questionId: question.id, userId: sam, rating: "nailed" }, { guessReward: 3 });
    expect(checkDatabase(db)).toEqual([]);
    brokeOnPurpose(db);
    db.$client.exec("DROP INDEX transfers_guess_once");
    const mint = "(SELECT id FROM accounts WHERE name = 'mint')";
    const samAccount = `(SELECT id FROM accounts WHERE user_id = ${sam})`;
    db.$client.exec(
      `INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, reference, memo, debit_balance_after, credit_balance_after, created_at)
       VALUES (${mint}, ${samAccount}, 3, 'guess', 'guess:${question.id}:${sam}', 'again', 0, 0, '2026-03-01T00:00:00.000Z')`,
    );
    db.$client.exec("UPDATE guesses SET rating = 'close'");
    expect(checkDatabase(db).filter((problem) => problem.rule === "guess rewards")).toEqual([
      {
        rule: "guess rewards",
        detail: `transfer 1 (guess:${question.id}:${alex}) rewards a question with no nailed guess`,
      },
      {
        rule: "guess rewards",
        detail: `transfer 2 (guess:${question.id}:${sam}) rewards a question with no nailed guess`,
      },
      {
        rule: "guess rewards",
        detail: `transfer 3 (guess:${question.id}:${sam}) rewards a question with no nailed guess`,
      },
      { rule: "guess rewards", detail: `question ${question.id} has 3 guess rewards (2 partners, 1 amounts)` },
    ]);
  });

  it("names a transfer that moves spanks the wrong way for its kind", () => {
    const { db } = tradingCouple();
    brokeOnPurpose(db);
    db.$client.exec("UPDATE transfers SET kind = 'donation' WHERE id = 1");
    expect(checkDatabase(db)).toEqual([
      { rule: "transfers", detail: "transfer 1 (donation) moves spanks from mint to user" },
    ]);
  });

  it("names a confirmed favour whose payment to the seller is missing", () => {
    const { db } = tradingCouple();
    brokeOnPurpose(db);
    db.$client.exec("UPDATE redemptions SET confirm_transfer_id = NULL WHERE id = 1");
    expect(checkDatabase(db)).toEqual([
      { rule: "favour payments", detail: "confirmed redemption 1 (10 spanks) has no confirm transfer" },
      { rule: "favour payments", detail: "transfer 5 (confirm) pays for no favour" },
    ]);
  });

  it("names an inventory line that is not bought minus redeemed minus expired", () => {
    const { db } = tradingCouple();
    brokeOnPurpose(db);
    db.$client.exec("UPDATE inventory_items SET quantity = 3");
    expect(checkDatabase(db)).toEqual([
      {
        rule: "inventory",
        detail: 'inventory item 1 ("Back rub") holds 3, but bought minus redeemed minus expired is 1',
      },
    ]);
  });

  it("names the ledger when a cached balance drifts from its transfers", () => {
    const { db } = tradingCouple();
    brokeOnPurpose(db);
    db.$client.exec("UPDATE accounts SET balance = balance + 5 WHERE name = 'charity'");
    expect(checkDatabase(db).map((problem) => problem.rule)).toEqual(["ledger", "ledger"]);
  });

  it("names a row whose foreign key points nowhere", () => {
    const { db } = tradingCouple();
    brokeOnPurpose(db);
    db.$client.pragma("foreign_keys = OFF");
    db.$client.exec("UPDATE redemptions SET inventory_item_id = 999 WHERE id = 2");
    db.$client.pragma("foreign_keys = ON");
    expect(checkDatabase(db)).toContainEqual({
      rule: "foreign_key_check",
      detail: "redemptions row 2 points at a missing inventory_items",
    });
  });

  it("accepts one message for several events of one partner (a morning digest), names it for events of both", () => {
    const { db } = tradingCouple();
    brokeOnPurpose(db);
    // All of the trade's events are for Sam, the seller.
    db.$client.exec(
      "UPDATE outbox SET delivered_at = '2026-01-15T12:00:00.000Z', discord_message_id = '77' WHERE id IN (1, 2)",
    );
    expect(checkDatabase(db)).toEqual([]);
    db.$client.exec("UPDATE outbox SET recipient_user_id = NULL WHERE id IN (1, 2)");
    expect(checkDatabase(db)).toEqual([{ rule: "outbox", detail: "Discord message 77 announces 2 events" }]);
  });

  it("names an outbox event that kept failing with no reason logged", () => {
    const { db } = tradingCouple();
    brokeOnPurpose(db);
    db.$client.exec("UPDATE outbox SET attempts = 3, last_error = NULL WHERE id = 1");
    const [problem] = checkDatabase(db);
    expect(problem?.rule).toBe("outbox");
    expect(problem?.detail).toMatch(/^event 1 \(\w+\) failed 3 time\(s\) with no reason logged$/);
  });
});
