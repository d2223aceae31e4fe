import type { CoupleConfig } from "@spankbank/shared/config";
import { questionBank } from "@spankbank/shared/content/questionBank";
import { isNull, sql } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { grantStartingSpanks, userByUsername } from "../couple.js";
import { redeemItem } from "../inventory.js";
import { transfer } from "../ledger.js";
import { addMemory } from "../memories.js";
import { createProduct } from "../products.js";
import { purchaseProduct } from "../purchase.js";
import { answerQuestion, askQuestion, seedQuestionBank } from "../questions.js";
import { memories, outbox, products, transfers } from "../schema.js";

const DAY = 86_400_000;

/** [days ago, author (0 = first partner), message] */
const DEMO_MEMORIES: [number, 0 | 1, string][] = [
  [241, 0, "Our first video call that lasted until sunrise in Florida and lunch time in India."],
  [226, 1, "You sent me a photo of the monsoon from your balcony and I could almost smell the rain."],
  [203, 0, "Cooking the same dal recipe together over video, and yours somehow came out better."],
  [187, 1, "The day you learned to say good night in my grandmother's language."],
  [164, 0, "Watching the same movie at the same time, pausing every time one of us laughed."],
  [141, 1, "You mailed me a box of chai and a handwritten letter. I kept the envelope."],
  [122, 0, "Our first trip together: the beach at sunset, and you refused to let go of my hand."],
  [98, 1, "That rainy afternoon we got completely lost and found the best little bakery."],
  [77, 0, "You stayed up past 3am just to wish me happy birthday at exactly midnight my time."],
  [55, 1, "The long walk where we planned our future kitchen down to the colour of the tiles."],
  [34, 0, "Running our first 5k on the same morning, eleven time zones apart."],
  [19, 1, "You read me a chapter of our book when I could not sleep."],
  [8, 0, "Counting down the days on a shared calendar: only a few weeks left until I see you."],
  [2, 1, "You laughed so hard at my terrible pun that you snorted. Best sound in the world."],
];

/** [days ago, first partner's answer, second partner's answer (null: not answered yet)] */
const DEMO_ANSWERS: [number, string, string | null][] = [
  [9, "The sunset on our first trip, no contest.", "When you fell asleep on the call and I listened to you breathe."],
  [7, "Pancakes on a lazy Sunday, made by you.", "Dosa at that little place you keep telling me about."],
  [5, "A cabin in the mountains with terrible Wi-Fi.", "Anywhere with a beach and you in it."],
  [3, "You always remember the small things I mention once.", "How you make every boring errand fun."],
  [1, "Learning to dance properly, together.", null],
  [0, "A quiet dinner and a long walk.", null],
];

/** [seller (0 = first partner), name, description, quantity, price] */
const DEMO_PRODUCTS: [0 | 1, string, string, number, number][] = [
  [0, "Breakfast in bed", "Pancakes, fruit and coffee brought to you on a tray, no questions asked.", 3, 25],
  [0, "Back massage", "Thirty minutes, with the good lotion and your favourite playlist.", 5, 40],
  [0, "Movie night pick", "You choose the film, I don't complain once. Snacks included.", 4, 15],
  [1, "Dishes duty", "I do all the dishes for a whole day, even the pans.", 5, 20],
  [1, "Love letter", "A handwritten letter, posted to you by real mail.", 2, 35],
  [1, "Dance lesson", "One hour of me teaching you the moves, living room edition.", 3, 30],
];

/**
 * Fills an empty demo database with believable history: memories from both partners over eight
 * months, asked questions with answers, products from both, spanks awarded through the ledger,
 * and one purchase already redeemed. Does nothing on a database that has any of these.
 */
export function seedDemoData(db: Db, config: CoupleConfig, now = new Date()): boolean {
  seedQuestionBank(db, questionBank);
  const hasHistory = [memories, products, transfers].some(
    (table) => (db.select({ n: sql<number>`count(*)` }).from(table).get()?.n ?? 0) > 0,
  );
  if (hasHistory) return false;

  const partners = config.partners.map((partner) => {
    const user = userByUsername(db, partner.username);
    if (!user) throw new Error(`syncCouple must run before seedDemoData (${partner.username} missing)`);
    return user;
  });
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);

  grantStartingSpanks(db, config, at(250));
  inTransaction(db, (tx) => {
    for (const user of partners) {
      transfer(tx, {
        from: "mint",
        to: { userId: user.id },
        amount: 50,
        kind: "demo",
        reference: `demo:welcome:${user.id}`,
        memo: "Welcome to Spank Bank",
        now: at(250),
      });
    }
  });
  for (const [daysAgo, author, message] of DEMO_MEMORIES) {
    addMemory(db, { userId: partners[author]!.id, message, createdAt: at(daysAgo) });
  }
  for (const [index, [daysAgo, first, second]] of DEMO_ANSWERS.entries()) {
    const asked = askQuestion(db, { text: questionBank[index * 7]!, now: at(daysAgo) });
    const answer = (who: 0 | 1, response: string) =>
      answerQuestion(
        db,
        { userId: partners[who]!.id, questionId: asked.id, response, now: at(daysAgo) },
        config.economy,
      );
    answer(0, first);
    if (second) answer(1, second);
  }
  const listed = DEMO_PRODUCTS.map(([seller, name, description, quantity, price], index) =>
    createProduct(db, partners[seller]!.id, { name, description, quantity, price }, at(60 - index)),
  );
  // The second partner bought breakfast in bed twice and has already asked for one.
  const breakfast = listed[0]!;
  purchaseProduct(db, { buyerId: partners[1]!.id, productId: breakfast.id, now: at(20) });
  const bought = purchaseProduct(db, { buyerId: partners[1]!.id, productId: breakfast.id, now: at(12) });
  redeemItem(db, partners[1]!.id, bought.inventoryItemId, at(4));
  // Demo history is not news: the bot must not announce it if one is connected later.
  db.update(outbox).set({ deliveredAt: now.toISOString() }).where(isNull(outbox.deliveredAt)).run();
  return true;
}
