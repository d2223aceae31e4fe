import { sameDayInEarlierMonths, startOfDay } from "@spankbank/shared/calendar";
import type { CoupleConfig } from "@spankbank/shared/config";
import { questionBank } from "@spankbank/shared/content/questionBank";
import { calendarDate } from "@spankbank/shared/quoteOfTheDay";
import { isNull, sql } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { grantStartingSpanks, userByUsername } from "../couple.js";
import { redeemItem } from "../inventory.js";
import { transfer } from "../ledger.js";
import { writeLetter } from "../letters.js";
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

/** Each partner's Christmas letter to the other, given (writer, reader) display names. */
const DEMO_LETTERS: ((writer: string, reader: string) => string)[] = [
  (writer, reader) => `My dearest ${reader},

Another year of time zones, late-night calls and good-morning texts that arrive while you sleep. I would not trade a single minute of it.

Thank you for laughing at my terrible puns, for staying up past *three in the morning* to wish me happy birthday at exactly my midnight, and for making the distance feel like a room we share.

This Christmas I am wishing for one thing only: **the same sky, the same morning, the same cup of chai.** The countdown is almost over.

All my love, always,
${writer}`,
  (writer, reader) => `${reader}, my love,

I started this letter four times. Every version ended up being a list of small things: the way you say good night in my grandmother's language, the box of chai that still makes my kitchen smell like you, the envelope I never threw away.

So here is the short version: *you are my favourite place.* Even from eleven time zones away.

Next Christmas we open our letters in the same room. **That is a promise.**

Yours, every day of the year,
${writer}`,
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
  seedOnThisDay(db, config, partners, now);
  const listed = DEMO_PRODUCTS.map(([seller, name, description, quantity, price], index) =>
    createProduct(db, partners[seller]!.id, { name, description, quantity, price }, at(60 - index)),
  );
  // The second partner bought breakfast in bed twice and has already asked for one.
  const breakfast = listed[0]!;
  purchaseProduct(db, { buyerId: partners[1]!.id, productId: breakfast.id, now: at(20) });
  const bought = purchaseProduct(db, { buyerId: partners[1]!.id, productId: breakfast.id, now: at(12) });
  redeemItem(db, partners[1]!.id, bought.inventoryItemId, at(4));
  for (const [writer, reader] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const text = DEMO_LETTERS[writer]!(partners[writer]!.displayName, partners[reader]!.displayName);
    writeLetter(db, { fromUserId: partners[writer]!.id, text, now: at(3 - writer) });
  }
  // Demo history is not news: the bot must not announce it if one is connected later.
  db.update(outbox).set({ deliveredAt: now.toISOString() }).where(isNull(outbox.deliveredAt)).run();
  return true;
}

/**
 * "On this day" has something to show whatever day the demo starts: a memory from today's
 * calendar day last month, and a memory and an answered question from it a year ago.
 */
function seedOnThisDay(db: Db, config: CoupleConfig, partners: { id: number }[], now: Date): void {
  const zone = config.dailyQuestion.timeZone;
  const earlier = sameDayInEarlierMonths(calendarDate(now, zone), "1900-01");
  const noonOf = (monthsAgo: number) => {
    const day = earlier.find((d) => d.monthsAgo >= monthsAgo)!;
    return new Date(startOfDay(day.date, zone).getTime() + 12 * 3_600_000);
  };
  addMemory(db, { userId: partners[1]!.id, message: ON_THIS_DAY_MONTH, createdAt: noonOf(1) });
  addMemory(db, { userId: partners[0]!.id, message: ON_THIS_DAY_YEAR, createdAt: noonOf(12) });
  const asked = askQuestion(db, { text: questionBank[100]!, now: noonOf(12) });
  for (const [who, response] of ON_THIS_DAY_ANSWERS.entries()) {
    answerQuestion(db, { userId: partners[who]!.id, questionId: asked.id, response, now: noonOf(12) }, config.economy);
  }
}

const ON_THIS_DAY_MONTH = "The voice note you sent from the airport, just to say you missed me already.";
const ON_THIS_DAY_YEAR = "The night we first said I love you, both at the same time, and then laughed about it.";
const ON_THIS_DAY_ANSWERS = ["Your laugh, the first time I heard it.", "How you listened like nothing else mattered."];
