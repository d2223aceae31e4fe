import { type Db, openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import type { CoupleConfig } from "@spankbank/shared/config";

/** How much history the benchmark database holds (the issue's scale: years of a couple's use). */
export interface BenchScale {
  products: number;
  memories: number;
  answeredQuestions: number;
  transfers: number;
  /** Distinct favours in the first partner's inventory. */
  inventoryItems: number;
}

export const ISSUE_SCALE: BenchScale = {
  products: 1_000,
  memories: 10_000,
  answeredQuestions: 1_000,
  transfers: 100_000,
  inventoryItems: 500,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse("2024-01-01T00:00:00.000Z");

/**
 * A database at the given scale for the couple: products listed by both partners (half each),
 * memories, questions each answered by both, and transfers that keep the ledger exact (each
 * row's balances after, and the cached balances, computed as they are inserted). The first
 * partner owns `inventoryItems` favours bought from the second. Direct prepared inserts in one
 * transaction: the domain functions would take minutes at this scale.
 */
export function seedBenchDb(path: string, couple: CoupleConfig, scale: BenchScale = ISSUE_SCALE): Db {
  const db = openDb(path);
  syncCouple(db, couple);
  const sqlite = db.$client;
  const userId = (username: string) =>
    (sqlite.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;
  const [first, second] = couple.partners.map((partner) => userId(partner.username)) as [number, number];
  const accountId = (name: string) =>
    (sqlite.prepare("SELECT id FROM accounts WHERE name = ?").get(name) as { id: number }).id;
  const accountOfUser = (id: number) =>
    (sqlite.prepare("SELECT id FROM accounts WHERE user_id = ?").get(id) as { id: number }).id;
  const mint = accountId("mint");
  const charity = accountId("charity");
  const escrow = accountId("escrow");
  const wallets = [accountOfUser(first), accountOfUser(second)] as const;

  const at = (i: number, count: number) => new Date(START + Math.floor((i * 700 * DAY_MS) / count)).toISOString();

  const insertProduct = sqlite.prepare(
    `INSERT INTO products (seller_id, name, description, quantity, price, created_at, updated_at)
     VALUES (?, ?, ?, 10, ?, ?, ?)`,
  );
  const insertMemory = sqlite.prepare("INSERT INTO memories (user_id, message, created_at) VALUES (?, ?, ?)");
  const insertQuestion = sqlite.prepare("INSERT INTO questions (text, asked_at, revealed_at) VALUES (?, ?, ?)");
  const insertAnswer = sqlite.prepare(
    "INSERT INTO answers (question_id, user_id, response, created_at) VALUES (?, ?, ?, ?)",
  );
  const insertTransfer = sqlite.prepare(
    `INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, reference, memo,
       debit_balance_after, credit_balance_after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertItem = sqlite.prepare(
    `INSERT INTO inventory_items (buyer_id, seller_id, product_id, name, description, price, quantity)
     VALUES (?, ?, ?, ?, ?, ?, 1)`,
  );
  const insertPurchase = sqlite.prepare(
    `INSERT INTO purchases (inventory_item_id, buyer_id, product_id, price, transfer_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const setBalance = sqlite.prepare("UPDATE accounts SET balance = ? WHERE id = ?");

  const balances = new Map<number, number>(
    (sqlite.prepare("SELECT id, balance FROM accounts").all() as { id: number; balance: number }[]).map((a) => [
      a.id,
      a.balance,
    ]),
  );
  const move = (from: number, to: number, amount: number, kind: string, reference: string, createdAt: string) => {
    const debitAfter = balances.get(from)! - amount;
    const creditAfter = balances.get(to)! + amount;
    balances.set(from, debitAfter);
    balances.set(to, creditAfter);
    return Number(
      insertTransfer.run(from, to, amount, kind, reference, `bench ${kind}`, debitAfter, creditAfter, createdAt)
        .lastInsertRowid,
    );
  };

  sqlite.transaction(() => {
    const productIds: number[] = [];
    for (let i = 0; i < scale.products; i++) {
      const seller = i % 2 === 0 ? first : second;
      const createdAt = at(i, scale.products);
      const name = `Favour number ${i + 1}`;
      const description = `A slow, kind favour, the ${i + 1}th of its kind, offered with love and a wink.`;
      productIds.push(
        Number(insertProduct.run(seller, name, description, 1 + (i % 5), createdAt, createdAt).lastInsertRowid),
      );
    }
    for (let i = 0; i < scale.memories; i++) {
      const message = `Memory ${i + 1}: the evening we walked home the long way, laughing about nothing at all.`;
      insertMemory.run(i % 2 === 0 ? first : second, message, at(i, scale.memories));
    }
    for (let i = 0; i < scale.answeredQuestions; i++) {
      const askedAt = at(i, scale.answeredQuestions);
      const id = Number(
        insertQuestion.run(`Question ${i + 1}: what made you smile today?`, askedAt, askedAt).lastInsertRowid,
      );
      insertAnswer.run(id, first, `Answer ${i + 1} from the first of us.`, askedAt);
      insertAnswer.run(id, second, `Answer ${i + 1} from the second of us.`, askedAt);
    }
    // The first partner's favours, bought from the second (odd product indexes are theirs).
    const bought = Math.min(scale.inventoryItems, scale.transfers);
    for (let i = 0; i < bought; i++) {
      const productIndex = 2 * i + 1;
      const productId = productIds[productIndex];
      if (productId === undefined) break;
      const createdAt = at(i, bought);
      const price = 1 + (productIndex % 5);
      move(mint, wallets[0], price, "award", `bench:${i}`, createdAt);
      const paid = move(wallets[0], escrow, price, "purchase", `purchase:${i + 1}`, createdAt);
      const name = `Favour number ${productIndex + 1}`;
      const description = `A slow, kind favour, the ${productIndex + 1}th of its kind, offered with love and a wink.`;
      const item = Number(insertItem.run(first, second, productId, name, description, price).lastInsertRowid);
      insertPurchase.run(item, first, productId, price, paid, createdAt);
    }
    // The rest: awards to both, and now and then a donation to charity.
    for (let i = 2 * bought; i < scale.transfers; i++) {
      const wallet = wallets[i % 2]!;
      const createdAt = at(i, scale.transfers);
      if (i % 10 === 9 && balances.get(wallet)! >= 5) move(wallet, charity, 5, "donation", `bench:${i}`, createdAt);
      else move(mint, wallet, 1 + (i % 20), "award", `bench:${i}`, createdAt);
    }
    for (const [id, balance] of balances) setBalance.run(balance, id);
  })();
  return db;
}
