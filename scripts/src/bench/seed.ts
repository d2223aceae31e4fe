import { mkdirSync, writeFileSync } from "node:fs";
import { recordBackupKept } from "@spankbank/db/backupHealth";
import { type Db, openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { mediaFolder } from "@spankbank/db/media";
import { DAY_MS } from "@spankbank/shared/calendar";
import type { CoupleConfig } from "@spankbank/shared/config";

/** How much history the benchmark database holds (the scale: years of a couple's use). */
export interface BenchScale {
  products: number;
  memories: number;
  answeredQuestions: number;
  transfers: number;
  /** Distinct favours in the first partner's inventory. */
  inventoryItems: number;
  /** Memory images, each a small file in `media/` (spread over the first memories, two each). */
  photos: number;
  /** Visits (past ones) and letters for later (half each way). */
  visits: number;
  laterLetters: number;
  /** The days the history spans, ending now (on-this-day finds its years in it). */
  days: number;
}

/** Ten years of a couple's use (issue 32): the bench's 100x. */
export const TEN_YEARS: BenchScale = {
  products: 1_000,
  memories: 20_000,
  answeredQuestions: 4_000,
  transfers: 60_000,
  inventoryItems: 500,
  photos: 40_000,
  visits: 250,
  laterLetters: 250,
  days: 3_650,
};

/**
 * The search benchmark's archive (issue 37): 100,000 memories and 5,000 answers (two per question),
 * the rest as in five weeks.
 */
export const SEARCH_SCALE: BenchScale = { ...scaleOf(100), memories: 100_000, answeredQuestions: 2_500, photos: 0 };

/** Words the seeded texts are made of, so a search finds some of them and not all (each in about one text in five). */
export const SEED_WORDS = [
  "pancakes",
  "lighthouse",
  "café",
  "rain",
  "picnic",
  "sunset",
  "harbour",
  "snow",
  "fireflies",
  "Kyoto",
];
const wordsOf = (i: number) => `${SEED_WORDS[i % 10]} and ${SEED_WORDS[(i * 7 + 3) % 10]}`;

/** Ten years divided by `divisor`: 10 is one year, 100 about five weeks (the bench's 10x and 1x). */
export function scaleOf(divisor: number): BenchScale {
  const part = (n: number) => Math.max(1, Math.round(n / divisor));
  return {
    products: part(TEN_YEARS.products),
    memories: part(TEN_YEARS.memories),
    answeredQuestions: part(TEN_YEARS.answeredQuestions),
    transfers: part(TEN_YEARS.transfers),
    inventoryItems: part(TEN_YEARS.inventoryItems),
    photos: part(TEN_YEARS.photos),
    visits: part(TEN_YEARS.visits),
    laterLetters: part(TEN_YEARS.laterLetters),
    days: part(TEN_YEARS.days),
  };
}

/** A one-pixel PNG: what each seeded photo file holds. */
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * A database at the given scale for the couple: products listed by both partners (half each),
 * memories, questions each answered by both, and transfers that keep the ledger exact (each
 * row's balances after, and the cached balances, computed as they are inserted). The first
 * partner owns `inventoryItems` favours bought from the second. Direct prepared inserts in one
 * transaction: the domain functions would take minutes at this scale.
 */
export function seedBenchDb(path: string, couple: CoupleConfig, scale: BenchScale = TEN_YEARS, now = new Date()): Db {
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

  const start = now.getTime() - scale.days * DAY_MS;
  // The i-th of `count` rows, spread evenly over the history (the last an hour before now).
  const at = (i: number, count: number) =>
    new Date(start + Math.floor((i * (scale.days * DAY_MS - 3_600_000)) / count)).toISOString();
  const day = (i: number, count: number) => at(i, count).slice(0, 10);

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
  const insertImage = sqlite.prepare(
    "INSERT INTO memory_images (memory_id, file_name, content_type, size) VALUES (?, ?, 'image/png', ?)",
  );
  const insertVisit = sqlite.prepare(
    `INSERT INTO visits (start_date, end_date, place, note, planned_by_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLetter = sqlite.prepare(
    `INSERT INTO later_letters (from_user_id, to_user_id, text, opening_kind, moment, opened_at, created_at, updated_at)
     VALUES (?, ?, ?, 'openWhen', 'missing you', ?, ?, ?)`,
  );
  const media = mediaFolder(db);
  mkdirSync(media, { recursive: true });

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
    const memoryIds: number[] = [];
    for (let i = 0; i < scale.memories; i++) {
      const message = `Memory ${i + 1}: ${wordsOf(i)}, the evening we walked home the long way, laughing about nothing.`;
      memoryIds.push(
        Number(insertMemory.run(i % 2 === 0 ? first : second, message, at(i, scale.memories)).lastInsertRowid),
      );
    }
    for (let i = 0; i < scale.photos; i++) {
      const fileName = `bench-${i + 1}.png`;
      writeFileSync(`${media}/${fileName}`, PHOTO);
      insertImage.run(memoryIds[Math.floor(i / 2) % memoryIds.length], fileName, PHOTO.length);
    }
    for (let i = 0; i < scale.visits; i++) {
      const createdAt = at(i, scale.visits);
      const place = `Somewhere lovely ${i + 1}`;
      insertVisit.run(day(i, scale.visits), day(i, scale.visits), place, "Long walks.", first, createdAt, createdAt);
    }
    for (let i = 0; i < scale.laterLetters; i++) {
      const createdAt = at(i, scale.laterLetters);
      const [from, to] = i % 2 === 0 ? [first, second] : [second, first];
      const text = `Letter ${i + 1}: for when you miss me, a long and gentle letter about us.`;
      insertLetter.run(from, to, text, i % 3 === 0 ? null : createdAt, createdAt, createdAt);
    }
    for (let i = 0; i < scale.answeredQuestions; i++) {
      const askedAt = at(i, scale.answeredQuestions);
      const id = Number(
        insertQuestion.run(`Question ${i + 1}: what made you smile today?`, askedAt, askedAt).lastInsertRowid,
      );
      insertAnswer.run(id, first, `Answer ${i + 1} from the first of us: ${wordsOf(i)}.`, askedAt);
      insertAnswer.run(id, second, `Answer ${i + 1} from the second of us: ${wordsOf(i + 1)}.`, askedAt);
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
  // Backed up as a box running day to day is: no backup missed at 03:00 is taken during a measurement.
  recordBackupKept(db, now);
  return db;
}
