import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { demoCouple } from "@spankbank/shared/demoCouple";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportArchive } from "./archive.js";
import { importArchiveFile } from "./archiveImport.js";
import { awardSpanks } from "./awards.js";
import {
  approveBounty,
  type BountyStatus,
  claimBounty,
  listBounties,
  markBountyDone,
  postBounty,
  sendBackBounty,
  settleBountyDeadlines,
  withdrawBounty,
} from "./bounties.js";
import { donate } from "./charity.js";
import { openDb } from "./client.js";
import { declineRedemption } from "./decline.js";
import { Refusal } from "./errors.js";
import { settleFavourDeadlines } from "./favourDeadlines.js";
import { confirmRedemption, listInventory, listRedeemed, redeemItem } from "./inventory.js";
import { openLaterLetter, takeBackLaterLetter, writeLaterLetter } from "./laterLetters.js";
import { balanceOf } from "./ledger.js";
import { addMemory, trashMemories } from "./memories.js";
import { purgeTrash, restoreMemories } from "./memoryTrash.js";
import { checkDatabase } from "./ops/healthCheck.js";
import { createProduct, listProducts } from "./products.js";
import { purchaseProduct } from "./purchase.js";
import { answerQuestion, askQuestion, latestQuestion, rateGuess } from "./questions/index.js";
import { GUESS_RATINGS } from "./schema.js";
import { expectHealthy, giveSpanks, openTestDb, type TestDb } from "./test/testDb.js";
import { cancelVisit, planVisit } from "./visits.js";
import { logWorkout } from "./workouts.js";

const partners = demoCouple.partners.map((p) => ({ username: p.username, timeZone: p.timeZone, sleep: p.sleep }));
const economy = demoCouple.economy;
const start = Date.parse("2026-03-01T12:00:00Z");
const DAY = 86_400_000;

const BOUNTY_ACTIONS = [
  "post bounty",
  "claim bounty",
  "bounty done",
  "approve bounty",
  "send back bounty",
  "withdraw bounty",
  "expire bounties",
] as const;

const ACTIONS = [
  "list",
  "buy",
  "redeem",
  "confirm",
  "decline",
  "expire",
  "donate",
  "award",
  "workout",
  "ask",
  "answer",
  "guess",
  "rate guess",
  "memory",
  "trash memory",
  "restore memory",
  "purge trash",
  "visit",
  "cancel visit",
  "letter",
  "open letter",
  "take back letter",
  "import an export",
  ...BOUNTY_ACTIONS,
] as const;
type Action = (typeof ACTIONS)[number];

/** One step of the couple's life: who acts, what, on which (by position), and how many hours pass first. */
const step = fc.record({
  hours: fc.integer({ min: 0, max: 72 }),
  who: fc.constantFrom("alex" as const, "sam" as const),
  action: fc.constantFrom(...ACTIONS),
  pick: fc.nat(40),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Ids the steps act on, by position: created by earlier steps. */
interface Made {
  memories: number[];
  visits: number[];
  letters: { id: number; from: number; to: number; updatedAt: string }[];
}

/** Runs one step; false when the domain refused it (a refusal is a normal answer, never damage). */
async function act(test: TestDb, made: Made, { who, action, pick }: Step, now: Date): Promise<boolean> {
  const { db } = test;
  const me = test[who];
  const other = who === "alex" ? test.sam : test.alex;
  const nth = <T>(list: readonly T[]): T | undefined => list[pick % Math.max(list.length, 1)];
  // Mostly one this partner can move on (theirs to settle, or the other's to do); one in four any at all.
  const bountyIn = (statuses: readonly BountyStatus[], mine: boolean) =>
    nth(
      listBounties(db).filter(
        (bounty) => pick % 4 === 0 || (statuses.includes(bounty.status) && (bounty.posterId === me) === mine),
      ),
    );
  const run: Record<Action, () => unknown | Promise<unknown>> = {
    list: () =>
      createProduct(
        db,
        me,
        {
          name: `Favour ${pick}`,
          description: "Just for you.",
          quantity: 1 + (pick % 3),
          price: [0, 5, 15, 40][pick % 4]!,
          ...(pick % 2 === 0 ? { useWithinDays: 1 + (pick % 4) } : {}),
        },
        now,
      ),
    buy: () => {
      const shelf = listProducts(db).filter((product) => product.quantity > 0);
      const product = nth(shelf);
      if (product) purchaseProduct(db, { buyerId: me, productId: product.id, now });
    },
    redeem: () => {
      const item = nth(listInventory(db, me));
      if (item) redeemItem(db, me, item.id, now, pick % 2 ? { note: "Soon?" } : {});
    },
    // Either partner's redeemed items: a confirm or decline by the wrong partner must refuse too.
    confirm: () => {
      const target = nth([...listRedeemed(db, test.alex), ...listRedeemed(db, test.sam)]);
      if (target) confirmRedemption(db, me, target.id, now);
    },
    decline: () => {
      const target = nth([...listRedeemed(db, test.alex), ...listRedeemed(db, test.sam)]);
      if (target) declineRedemption(db, me, target.id, "Not this time", now);
    },
    expire: () => settleFavourDeadlines(db, partners, now),
    donate: () => donate(db, me, 1 + (pick % 30), now),
    award: () =>
      awardSpanks(
        db,
        { giverId: me, receiverId: other, amount: 1 + (pick % 20), reason: "For the tea", now },
        economy.awardCapPerDay,
      ),
    workout: () =>
      logWorkout(
        db,
        { userId: me, body: { name: "Run", duration: 30, distance: 5, distanceUnit: "km", calories: 300 }, now },
        economy,
      ),
    ask: () => askQuestion(db, { text: `What made you smile on day ${pick}?`, now }),
    answer: () => {
      const question = latestQuestion(db);
      if (question)
        answerQuestion(db, { questionId: question.id, userId: me, response: `Answer ${pick}`, now }, economy);
    },
    // A guess with the answer, sealed or not: refused once the other's answer can have been seen.
    guess: () => {
      const question = latestQuestion(db);
      if (question)
        answerQuestion(
          db,
          {
            questionId: question.id,
            userId: me,
            response: `Answer ${pick}`,
            guess: `Guess ${pick % 3}`,
            sealing: pick % 2 === 0,
            now,
          },
          economy,
        );
    },
    // The latest question's guess, rated by either partner: before the reveal, twice, differently,
    // both nailed (one reward for the question), each refuses or changes nothing.
    "rate guess": () => {
      const question = latestQuestion(db);
      if (question)
        rateGuess(db, { questionId: question.id, userId: me, rating: GUESS_RATINGS[pick % 3]!, now }, economy);
    },
    memory: () => made.memories.push(addMemory(db, { userId: me, message: `Memory ${pick}`, createdAt: now }).id),
    "trash memory": () => {
      const id = nth(made.memories);
      if (id !== undefined) trashMemories(db, [id], now);
    },
    "restore memory": () => {
      const id = nth(made.memories);
      if (id !== undefined) restoreMemories(db, [id], now);
    },
    "purge trash": () => purgeTrash(db, now),
    visit: () => {
      const first = new Date(now.getTime() + (1 + (pick % 20)) * DAY).toISOString().slice(0, 10);
      const last = new Date(now.getTime() + (3 + (pick % 20)) * DAY).toISOString().slice(0, 10);
      made.visits.push(planVisit(db, { userId: me, input: { start_date: first, end_date: last }, now }).id);
    },
    "cancel visit": () => {
      const id = nth(made.visits);
      if (id !== undefined) cancelVisit(db, id);
    },
    letter: () => {
      const opening =
        pick % 2 === 0
          ? { kind: "openWhen", moment: "sad" }
          : { kind: "date", date: new Date(now.getTime() + 2 * DAY).toISOString().slice(0, 10), time: "08:00" };
      const letter = writeLaterLetter(db, { fromUserId: me, text: `Dear you, ${pick}`, opening, now });
      made.letters.push({ id: letter.id, from: me, to: other, updatedAt: letter.updatedAt });
    },
    "open letter": () => {
      const letter = nth(made.letters);
      if (letter) openLaterLetter(db, { userId: me, id: letter.id, now });
    },
    "take back letter": () => {
      const letter = nth(made.letters);
      if (letter) takeBackLaterLetter(db, { userId: me, id: letter.id, basedOn: letter.updatedAt, now });
    },
    "post bounty": () => {
      // One in three with a due day (some days off, so most live long enough to be done), the rest open-ended.
      const due = pick % 3 === 0 ? new Date(now.getTime() + (pick % 9) * DAY).toISOString().slice(0, 10) : null;
      postBounty(db, me, { title: `Bounty ${pick}`, reward: 1 + (pick % 40), due_date: due }, now);
    },
    // Any bounty one step in four, by either partner: a wrong partner or a repeat must refuse or change nothing.
    "claim bounty": () => {
      const target = bountyIn(["open"], false);
      if (target) claimBounty(db, me, target.id, now);
    },
    "bounty done": () => {
      const target = bountyIn(["open", "claimed"], false);
      if (target) markBountyDone(db, me, target.id, `Done ${pick}`, now);
    },
    "approve bounty": () => {
      const target = bountyIn(["done"], true);
      if (target) approveBounty(db, me, target.id, now);
    },
    "send back bounty": () => {
      const target = bountyIn(["done"], true);
      if (target) sendBackBounty(db, me, target.id, pick % 2 ? "Not yet" : "Once more", now);
    },
    "withdraw bounty": () => {
      // Now and then only, so most bounties live on to be done.
      const target = pick % 4 === 1 ? bountyIn(["open"], true) : undefined;
      if (target) withdrawBounty(db, me, target.id, now);
    },
    "expire bounties": () => settleBountyDeadlines(db, now),
    "import an export": async () => {
      const dir = mkdtempSync(join(tmpdir(), "spankbank-property-import-"));
      const copy = openDb(join(dir, "copy.db"));
      try {
        const archive = await exportArchive(db, now);
        const zip = join(dir, archive.fileName);
        await pipeline(archive.stream, createWriteStream(zip));
        await importArchiveFile(copy, zip, demoCouple.partners);
        expectHealthy(copy, "after importing an export");
        expect(balanceOf(copy, "escrow")).toBe(balanceOf(db, "escrow"));
      } finally {
        copy.$client.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    await run[action]();
    return true;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return false;
  }
}

/** Runs each sequence on a fresh couple, checking the whole health check after every step. */
async function liveThrough(steps: fc.Arbitrary<Step[]>, numRuns: number) {
  const figures = { steps: 0, checks: 0, done: new Map<Action, number>(), announced: new Map<string, number>() };
  await fc.assert(
    fc.asyncProperty(steps, async (sequence) => {
      const test = openTestDb();
      giveSpanks(test.db, test.alex, 200);
      giveSpanks(test.db, test.sam, 200);
      const made: Made = { memories: [], visits: [], letters: [] };
      let at = start;
      for (const [index, next] of sequence.entries()) {
        at += next.hours * 3_600_000;
        if (await act(test, made, next, new Date(at))) {
          figures.done.set(next.action, (figures.done.get(next.action) ?? 0) + 1);
        }
        figures.steps += 1;
        const problems = checkDatabase(test.db);
        figures.checks += 1;
        expect(problems, `after step ${index + 1}: ${next.who} ${next.action}`).toEqual([]);
      }
      // What bounties really went through, as announced (a repeat or a refusal announces nothing).
      const announced = test.db.$client
        .prepare("SELECT kind, COUNT(*) AS n FROM outbox WHERE kind LIKE 'bounty_%' GROUP BY kind")
        .all() as { kind: string; n: number }[];
      for (const { kind, n } of announced) figures.announced.set(kind, (figures.announced.get(kind) ?? 0) + n);
    }),
    { numRuns },
  );
  return figures;
}

describe("the couple's life keeps the database healthy", () => {
  it("any sequence of every domain operation passes the whole health check after each step", async () => {
    const { steps, checks, done } = await liveThrough(fc.array(step, { minLength: 10, maxLength: 50 }), 40);
    console.info(`every operation: 40 runs, ${steps} steps, the whole health check after each (${checks} checks)`);
    // Every operation really ran, not only refused: a decline, an expiry, an import... each was checked after.
    expect(ACTIONS.filter((action) => !done.has(action))).toEqual([]);
    expect(steps).toBeGreaterThan(600);
  }, 120_000);

  it("bounties among awards and donations go every way, the whole check passing after each step", async () => {
    const bountyStep = step.chain((next) =>
      fc.constantFrom(...BOUNTY_ACTIONS, "award" as const, "donate" as const).map((action) => ({ ...next, action })),
    );
    const { steps, checks, announced } = await liveThrough(fc.array(bountyStep, { minLength: 10, maxLength: 40 }), 80);
    console.info(
      `bounties: 80 runs, ${steps} steps, ${checks} checks; announced ${[...announced].map(([kind, n]) => `${kind} ${n}`).join(", ")}`,
    );
    // Posted, done, sent back, approved and expired (each some 15 times in 80 runs): not only refused or repeated.
    const ways = ["bounty_posted", "bounty_done", "bounty_sent_back", "bounty_approved", "bounty_refunded"];
    expect(ways.filter((kind) => !announced.has(kind))).toEqual([]);
    expect(steps).toBeGreaterThan(800);
  }, 180_000);
});
