// The crash-safety load: mixed writes through the real db domain functions, each acknowledged
// operation appended to a log and fsynced right after its db call returns. The test SIGKILLs it.
// Usage: node crashLoad.mjs DATABASE LOG SEED ROUND
import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";
import { inTransaction, openDb } from "@spankbank/db/client";
import { Refusal } from "@spankbank/db/errors";
import { confirmRedemption, listInventory, listRedeemed, redeemItem } from "@spankbank/db/inventory";
import { transfer } from "@spankbank/db/ledger";
import { addMemory } from "@spankbank/db/memories";
import { createProduct } from "@spankbank/db/products";
import { purchaseProductOnce } from "@spankbank/db/purchase";
import { answerQuestion, askQuestion } from "@spankbank/db/questions";
import { mulberry32 } from "./random.mjs";

const [databasePath, logPath, seed, round] = process.argv.slice(2);
const random = mulberry32(Number(seed) + Number(round) * 7919);
const db = openDb(databasePath);
const idOf = (username) => db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username).id;
const partners = [idOf("alex"), idOf("sam")];
const log = openSync(logPath, "a");

let n = 0;
/** A marker no other operation of any round carries. */
const marker = (kind) => `${kind}-${seed}-${round}-${n++}`;
const pick = (list) => list[Math.floor(random() * list.length)];

function acknowledge(op) {
  writeSync(log, `${JSON.stringify(op)}\n`);
  fsyncSync(log);
  process.stdout.write("+");
}

const operations = {
  memory(userId) {
    const message = marker("memory");
    addMemory(db, { userId, message });
    return { kind: "memory", message };
  },
  purchase(userId) {
    const seller = partners.find((id) => id !== userId);
    const name = marker("product");
    const product = createProduct(db, seller, { name, description: "Crash test favour", quantity: 3, price: 2 });
    acknowledge({ kind: "product", name });
    const key = marker("key");
    const reply = purchaseProductOnce(
      db,
      { buyerId: userId, productId: product.id, idempotencyKey: key, route: "crash" },
      (o) => ({
        statusCode: o instanceof Error ? 409 : 200,
        body: {},
      }),
    );
    if (reply.statusCode !== 200) return undefined;
    return { kind: "purchase", name, key, buyerId: userId };
  },
  redeem(userId) {
    const item = pick(listInventory(db, userId).filter((owned) => owned.quantity > 0));
    if (!item) return undefined;
    const redeemed = redeemItem(db, userId, item.id);
    return {
      kind: "redeem",
      name: item.name,
      redemptionId: redeemed.redeemedItem.id,
      left: redeemed.remainingQuantity,
    };
  },
  confirm(userId) {
    const redemption = pick(listRedeemed(db, userId).filter((item) => item.confirmedAt === null));
    if (!redemption) return undefined;
    confirmRedemption(db, userId, redemption.id);
    return { kind: "confirm", redemptionId: redemption.id };
  },
  award(userId) {
    const reference = marker("award");
    inTransaction(db, (tx) =>
      transfer(tx, { from: "mint", to: { userId }, amount: 7, kind: "award", reference, memo: "crash test" }),
    );
    return { kind: "transfer", reference };
  },
  // A donation as the ledger records one (partner to charity), with a reference the test can find.
  donate(userId) {
    const reference = marker("donation");
    inTransaction(db, (tx) =>
      transfer(tx, { from: { userId }, to: "charity", amount: 1, kind: "donation", reference, memo: "crash test" }),
    );
    return { kind: "transfer", reference };
  },
  answer(userId) {
    const text = marker("question");
    const question = askQuestion(db, { text });
    acknowledge({ kind: "question", text });
    const response = marker("answer");
    answerQuestion(db, { userId, questionId: question.question_id, response }, { answerReward: 5 });
    return { kind: "answer", response };
  },
};

const kinds = Object.keys(operations);
const parent = process.ppid;
// Ends with the test that runs it: a test stopped before its SIGKILL (a timeout) must not leave it writing.
while (process.ppid === parent) {
  try {
    const op = operations[pick(kinds)](pick(partners));
    if (op) acknowledge(op);
  } catch (error) {
    // A refusal (not enough spanks for a donation) writes nothing and acknowledges nothing.
    if (!(error instanceof Refusal)) throw error;
  }
  if (n > 1_000_000) break;
}
closeSync(log);
