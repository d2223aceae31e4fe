import { addDays, instantAt, sameDayInEarlierMonths, startOfDay } from "@spankbank/shared/calendar";
import type { CoupleConfig } from "@spankbank/shared/config";
import { bundledQuestions } from "@spankbank/shared/content/questionBank";
import { calendarDate } from "@spankbank/shared/quoteOfTheDay";
import { eq, isNull, sql } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { dayIn } from "../clock.js";
import { grantStartingSpanks, userByUsername } from "../couple.js";
import { confirmRedemption, redeemItem } from "../inventory.js";
import { transfer } from "../ledger.js";
import { writeLetter } from "../letters.js";
import { addMemory } from "../memories.js";
import { createProduct } from "../products.js";
import { purchaseProduct } from "../purchase.js";
import { answerQuestion, askQuestion, seedQuestionBank } from "../questions/index.js";
import { memories, outbox, products, questionBank, transfers } from "../schema.js";
import { planVisit } from "../visits.js";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A memory is written in its author's evening (their own clock). */
const MEMORY_TIME = "20:30";
/** A partner answers the daily question on their lunch break (their own clock). */
const ANSWER_TIME = "12:30";

/**
 * The demo couple's story, in days before the demo starts: Alex in India and Sam in Florida
 * (9.5 to 10.5 hours apart), together on the app for eight months, and once in the same place
 * when Sam visited (`DEMO_VISIT`); the next visit is a few weeks away.
 */
export const DEMO_WELCOME_DAYS_AGO = 240;

/** Sam's visit to Alex, [from, to] in days ago: the only time in-person favours can be redeemed. */
export const DEMO_VISIT: readonly [number, number] = [128, 114];
/** Alex's visit to Sam starts this many days after the demo starts. */
export const DEMO_NEXT_VISIT_IN_DAYS = 23;

/** [days ago, author (0 = first partner), message] */
const DEMO_MEMORIES: [number, 0 | 1, string][] = [
  [236, 0, "A video call that lasted until sunrise in Florida and teatime in India, just like our very first one."],
  [221, 1, "You sent me a photo of the rain from your balcony and I could almost smell it."],
  [200, 0, "Cooking the same dal recipe together over video, and yours somehow came out better."],
  [184, 1, "The day you learned to say good night in my grandmother's language."],
  [162, 0, "Watching the same movie at the same time, pausing every time one of us laughed."],
  [140, 1, "You mailed me a box of chai and a handwritten letter. I kept the envelope."],
  [126, 0, "Our trip to the coast on your visit: the beach at sunset, and you refused to let go of my hand."],
  [119, 1, "That rainy afternoon on my visit when we got completely lost and found the best little bakery."],
  [
    90,
    0,
    "You stepped out of work in the middle of your afternoon just to be the first to wish me happy birthday at midnight my time.",
  ],
  [55, 1, "The long call where we planned our future kitchen down to the colour of the tiles."],
  [34, 0, "Running our first 5k at the same moment: me at dawn in India, you at dusk in Florida the evening before."],
  [19, 1, "You read me a chapter of our book over the phone when I could not sleep."],
  [8, 0, "Counting down the days on a shared calendar: only a few weeks left until I see you."],
  [2, 1, "You laughed so hard at my terrible pun that you snorted. Best sound in the world."],
];

/**
 * Daily questions from the bundled bank, each with the answers given to it: [days ago, question,
 * first partner's answer, second partner's answer (null: not answered yet)].
 */
export const DEMO_ANSWERS: [number, string, string, string | null][] = [
  [
    9,
    "Which of our video calls stands out as a favourite?",
    "The very first one, when we talked until it was teatime here and sunrise for you.",
    "The night you walked me through the street market with your phone held up high.",
  ],
  [
    7,
    "What is your ultimate comfort food after a long day?",
    "Dal and rice, with far too much ghee.",
    "Grilled cheese and tomato soup, no contest.",
  ],
  [
    5,
    "What is one thing you want us to do on our next visit?",
    "Cook that dal together in one kitchen, for once.",
    "Walk the beach at sunset again, slower this time.",
  ],
  [
    3,
    "What is something your partner does that makes your life easier?",
    "You send a voice note every morning, so my day starts with you.",
    "You plan our calls around my work, even when it means a late night for you.",
  ],
  [
    1,
    "What is a song you listen to when you miss your partner?",
    "The one we slow danced to in my kitchen when you visited.",
    null,
  ],
  [
    0,
    "What would make our goodbyes at the airport a little less sad?",
    "Knowing the date of the next hello before we say goodbye.",
    null,
  ],
];

/** [seller (0 = first partner), name, description, quantity, price, needs you in one place] */
export const DEMO_PRODUCTS: [0 | 1, string, string, number, number, boolean][] = [
  [0, "Breakfast in bed", "Pancakes, fruit and coffee on a tray, on your next visit, no questions asked.", 3, 25, true],
  [
    0,
    "Back massage",
    "Thirty minutes, with the good lotion and your favourite playlist, when we are together.",
    5,
    40,
    true,
  ],
  [
    0,
    "Movie night pick",
    "You choose the film for our next watch-along call, and I don't complain once.",
    4,
    15,
    false,
  ],
  [1, "Love letter", "A handwritten letter, posted to you by real mail.", 2, 35, false],
  [1, "Playlist made for you", "An hour of songs picked just for you, with a note on every track.", 3, 20, false],
  [1, "Dance lesson", "One hour of me teaching you the moves, living room edition, on the next visit.", 3, 30, true],
];

/** Each partner's Christmas letter to the other, given (writer, reader) display names. */
const DEMO_LETTERS: ((writer: string, reader: string) => string)[] = [
  (writer, reader) => `My dearest ${reader},

Another year of time zones, late-night calls and good-morning texts that arrive while you sleep. I would not trade a single minute of it.

Thank you for laughing at my terrible puns, for stepping out of work in the *middle of your afternoon* to wish me happy birthday at exactly my midnight, and for making the distance feel like a room we share.

This Christmas I am wishing for one thing only: **the same sky, the same morning, the same cup of chai.** The countdown is almost over.

All my love, always,
${writer}`,
  (writer, reader) => `${reader}, my love,

I started this letter four times. Every version ended up being a list of small things: the way you say good night in my grandmother's language, the box of chai that still makes my kitchen smell like you, the envelope I never threw away.

So here is the short version: *you are my favourite place.* Even from half a world away.

This Christmas we open our letters in the same room, and every Christmas after it. **That is a promise.**

Yours, every day of the year,
${writer}`,
];

/**
 * Fills an empty demo database with believable history: memories from both partners over eight
 * months, asked questions with answers, products from both, spanks awarded through the ledger,
 * favours bought, redeemed (the in-person ones only during Sam's visit) and confirmed, and both
 * Christmas letters, all after the app's welcome. Does nothing on a database that has any of these.
 */
export function seedDemoData(db: Db, config: CoupleConfig, now = new Date()): boolean {
  seedQuestionBank(db, bundledQuestions);
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

  const welcome = at(DEMO_WELCOME_DAYS_AGO);
  grantStartingSpanks(db, config, welcome);
  inTransaction(db, (tx) => {
    for (const user of partners) {
      transfer(tx, {
        from: "mint",
        to: { userId: user.id },
        amount: 50,
        kind: "demo",
        reference: `demo:welcome:${user.id}`,
        memo: "Welcome to Spank Bank",
        now: welcome,
      });
    }
  });
  for (const [daysAgo, author, message] of DEMO_MEMORIES) {
    const zone = config.partners[author]!.timeZone;
    const createdAt = instantAt(addDays(calendarDate(now, zone), -daysAgo), MEMORY_TIME, zone);
    addMemory(db, { userId: partners[author]!.id, message, createdAt });
  }
  const { time, timeZone } = config.dailyQuestion;
  // The last daily question asked by `now`: today's once its time has come, else yesterday's.
  const today = calendarDate(now, timeZone);
  const lastAsked = instantAt(today, time, timeZone) <= now ? today : addDays(today, -1);
  for (const [daysAgo, text, first, second] of DEMO_ANSWERS) {
    const askedAt = instantAt(addDays(lastAsked, -daysAgo), time, timeZone);
    askAndAnswer(db, config, partners, { text, askedAt, answers: [first, second] }, now);
  }
  seedOnThisDay(db, config, partners, now);
  const listed = DEMO_PRODUCTS.map(([seller, name, description, quantity, price, inPerson], index) =>
    createProduct(db, partners[seller]!.id, { name, description, quantity, price, inPerson }, at(150 - index)),
  );
  const alex = partners[0]!;
  const sam = partners[1]!;
  const buy = (buyer: { id: number }, product: (typeof listed)[number], daysAgo: number) =>
    purchaseProduct(db, { buyerId: buyer.id, productId: product.id, now: at(daysAgo) }).inventoryItemId;
  // Sam bought a back massage before the visit and had it during the visit.
  const massage = redeemItem(db, sam.id, buy(sam, listed[1]!, 135), at(121));
  confirmRedemption(db, sam.id, massage.redeemedItem.id, at(120));
  // Alex asked for a love letter; it came by mail.
  const letter = redeemItem(db, alex.id, buy(alex, listed[3]!, 20), at(12));
  confirmRedemption(db, alex.id, letter.redeemedItem.id, at(3));
  // Sam is keeping breakfast in bed for the next visit, and has asked for a film pick for tomorrow's call.
  buy(sam, listed[0]!, 10);
  redeemItem(db, sam.id, buy(sam, listed[2]!, 6), at(1));
  for (const [writer, reader] of [
    [0, 1],
    [1, 0],
  ] as const) {
    const text = DEMO_LETTERS[writer]!(partners[writer]!.displayName, partners[reader]!.displayName);
    writeLetter(db, { fromUserId: partners[writer]!.id, text, now: at(3 - writer) });
  }
  // Sam's visit to Alex is in the log; Alex visits Florida in a few weeks.
  const day = (daysAgo: number) => dayIn(alex.timeZone, at(daysAgo));
  const [visitFrom, visitTo] = DEMO_VISIT;
  planVisit(db, {
    userId: sam.id,
    input: { start_date: day(visitFrom), end_date: day(visitTo), place: alex.city },
    now: at(visitFrom + 30),
  });
  planVisit(db, {
    userId: alex.id,
    input: { start_date: day(-DEMO_NEXT_VISIT_IN_DAYS), end_date: day(-DEMO_NEXT_VISIT_IN_DAYS - 10), place: sam.city },
    now: at(5),
  });
  // Demo history is not news: the bot must not announce it if one is connected later.
  db.update(outbox).set({ deliveredAt: now.toISOString() }).where(isNull(outbox.deliveredAt)).run();
  return true;
}

/** Asks a bundled question (so the rotation knows it was asked) and records the partners' answers a few hours later. */
function askAndAnswer(
  db: Db,
  config: CoupleConfig,
  partners: { id: number }[],
  question: { text: string; askedAt: Date; answers: (string | null)[] },
  until: Date,
): void {
  const bankId = db
    .select({ id: questionBank.id })
    .from(questionBank)
    .where(eq(questionBank.text, question.text))
    .get()?.id;
  if (bankId === undefined) throw new Error(`Demo question not in the bundled bank: ${question.text}`);
  const asked = askQuestion(db, { text: question.text, bankId, now: question.askedAt });
  for (const [who, response] of question.answers.entries()) {
    if (response === null) continue;
    // Each partner answers on their lunch break after it was asked (by the demo's start at the latest).
    const zone = config.partners[who]!.timeZone;
    const day = calendarDate(question.askedAt, zone);
    const lunch = instantAt(day, ANSWER_TIME, zone);
    const answeredAt = lunch > question.askedAt ? lunch : instantAt(addDays(day, 1), ANSWER_TIME, zone);
    const now = answeredAt < until ? answeredAt : until;
    answerQuestion(db, { userId: partners[who]!.id, questionId: asked.id, response, now }, config.economy);
  }
}

/**
 * "On this day" has something to show whatever day the demo starts: a memory from today's
 * calendar day last month, and a memory and an answered question from it six months ago (the
 * app's history starts eight months back, so nothing is a year old).
 */
function seedOnThisDay(db: Db, config: CoupleConfig, partners: { id: number }[], now: Date): void {
  const zone = config.dailyQuestion.timeZone;
  const earlier = sameDayInEarlierMonths(calendarDate(now, zone), "1900-01");
  const at = (monthsAgo: number, hour: number) => {
    const day = earlier.find((d) => d.monthsAgo >= monthsAgo)!;
    return new Date(startOfDay(day.date, zone).getTime() + hour * HOUR);
  };
  // 20:30 in India is the morning of the same day in Florida: the same "on this day" for both, both awake.
  addMemory(db, { userId: partners[1]!.id, message: ON_THIS_DAY_MONTH, createdAt: at(1, 20.5) });
  addMemory(db, { userId: partners[0]!.id, message: ON_THIS_DAY_HALF_YEAR, createdAt: at(6, 20.5) });
  const askedAt = at(6, 9);
  askAndAnswer(db, config, partners, { text: ON_THIS_DAY_QUESTION, askedAt, answers: ON_THIS_DAY_ANSWERS }, now);
}

const ON_THIS_DAY_MONTH = "The voice note you sent on your lunch break, just to say you missed me already.";
const ON_THIS_DAY_HALF_YEAR =
  "The night we both said I love you on a call at the very same moment, and then laughed about it.";
const ON_THIS_DAY_QUESTION = "What was your first impression of your partner, honestly?";
const ON_THIS_DAY_ANSWERS = ["Your laugh, the first time I heard it.", "That you listened like nothing else mattered."];
