import { fc } from "@fast-check/vitest";
import { markBountyDone, postBounty } from "@spankbank/db/bounties";
import { addDays, dayIn } from "@spankbank/db/clock";
import { checkDatabase } from "@spankbank/db/healthCheck";
import { confirmRedemption, redeemItem } from "@spankbank/db/inventory";
import { writeLaterLetter } from "@spankbank/db/laterLetters";
import { addMemory } from "@spankbank/db/memories";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { answerQuestion, askQuestion } from "@spankbank/db/questions";
import { planVisit } from "@spankbank/db/visits";
import { DEMO_LOGINS, demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, giveSpanks } from "./test/economy.js";
import {
  BAD_IDS,
  databaseSnapshot,
  type Fields,
  HOSTILE_SEED,
  hostileBody,
  hostileQuery,
  hostileString,
} from "./test/hostile.js";

/**
 * Runs per route with a body; routes without one have less to vary and get a quarter. A sign-in
 * checks the password at production cost, so the login route gets few.
 */
const RUNS = Number(process.env.SPANKBANK_FUZZ_RUNS ?? 120);
const LOGIN_RUNS = 8;

const username = fc.constantFrom("alex", "sam");
const wholeNumber = fc.integer({ min: 1, max: 5 });
/** Valid values only: the hostile one in a body comes from `hostileBody`. */
const product: Fields = {
  name: fc.constantFrom("Back massage", "Pancakes"),
  description: fc.constantFrom("Twenty minutes.", "Sunday morning."),
  quantity: fc.integer({ min: 1, max: 10 }),
  price: fc.integer({ min: 0, max: 9999 }),
  useWithinDays: fc.constantFrom(1, 7, 365),
};
const visit: Fields = {
  start_date: fc.constantFrom("2027-01-10", "2030-06-01"),
  end_date: fc.constantFrom("2030-06-03", "2030-06-05"),
  place: fc.constantFrom("Lisbon", "Home"),
};

const laterLetter: Fields = {
  text: fc.constantFrom("Dear you,\n\nOpen this when you need me."),
  opening: fc.constantFrom(
    { kind: "openWhen", moment: "sad" },
    { kind: "date", date: "2030-12-24", time: "08:00" },
    { kind: "anniversary" },
  ),
};

/** A browser's passkey answer in shape (its bytes are no passkey's): validation passes, verification refuses. */
const passkeyCredential = (response: Record<string, string>) =>
  fc.constantFrom({ id: "AAAA", rawId: "AAAA", type: "public-key", clientExtensionResults: {}, response });

interface HostileRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The OpenAPI path, `{name}` for a path parameter. */
  path: string;
  query?: Fields;
  body?: Fields;
  runs?: number;
}

/** Every /api route; the test below fails when the app has one this table misses. */
const ROUTES: HostileRoute[] = [
  { method: "GET", path: "/api/health" },
  {
    method: "POST",
    path: "/api/auth/login",
    body: { username, password: fc.constantFrom(...DEMO_LOGINS.map((l) => l.password)) },
    runs: LOGIN_RUNS,
  },
  { method: "POST", path: "/api/auth/logout" },
  { method: "POST", path: "/api/auth/passkey-options", body: { username } },
  {
    method: "POST",
    path: "/api/auth/passkey",
    body: {
      credential: passkeyCredential({
        clientDataJSON: Buffer.from('{"type":"webauthn.get","challenge":"AAAA"}').toString("base64url"),
        authenticatorData: "AAAA",
        signature: "AAAA",
      }),
    },
  },
  { method: "GET", path: "/api/passkeys" },
  { method: "POST", path: "/api/passkeys/registration-options" },
  {
    method: "POST",
    path: "/api/passkeys",
    body: {
      name: fc.constantFrom("My phone"),
      credential: passkeyCredential({
        clientDataJSON: Buffer.from('{"type":"webauthn.create","challenge":"AAAA"}').toString("base64url"),
        attestationObject: "AAAA",
      }),
    },
  },
  { method: "DELETE", path: "/api/passkeys/{id}" },
  { method: "POST", path: "/api/auth/logout-everywhere" },
  { method: "GET", path: "/api/auth/session" },
  { method: "GET", path: "/api/spankTotal", query: { discordId: fc.constantFrom("111111111111111111", "1") } },
  {
    method: "POST",
    path: "/api/purchase",
    query: { username },
    body: { productId: wholeNumber, quantity: fc.constant(1) },
  },
  { method: "GET", path: "/api/products", query: { page: wholeNumber, pageSize: wholeNumber, username } },
  { method: "POST", path: "/api/products", body: product },
  { method: "PUT", path: "/api/products/{id}", body: product },
  { method: "DELETE", path: "/api/products/{id}", query: { username } },
  { method: "GET", path: "/api/inventory", query: { username, page: wholeNumber, pageSize: wholeNumber } },
  { method: "GET", path: "/api/redeemed", query: { username, page: wholeNumber, pageSize: wholeNumber } },
  {
    method: "POST",
    path: "/api/redeem",
    query: { username },
    body: {
      itemId: wholeNumber,
      note: fc.constantFrom("Call me first?", "Before my meeting"),
      wishedAt: fc.constant(new Date(Date.now() + 86_400_000).toISOString()),
    },
  },
  { method: "POST", path: "/api/confirm-redeem", query: { username }, body: { itemId: wholeNumber } },
  {
    method: "POST",
    path: "/api/decline-redeem",
    body: { itemId: wholeNumber, reason: fc.constantFrom("Not this week, sorry", "Can't") },
  },
  { method: "GET", path: "/api/charitySpankTotal", query: { charityName: fc.constantFrom("Floggers4Change") } },
  { method: "GET", path: "/api/transactions", query: { page: wholeNumber } },
  { method: "GET", path: "/api/memory" },
  { method: "GET", path: "/api/memories", query: { page: wholeNumber, pageSize: wholeNumber } },
  { method: "POST", path: "/api/memories/delete", body: { ids: fc.array(wholeNumber, { maxLength: 3 }) } },
  { method: "GET", path: "/api/memories/on-this-day" },
  { method: "GET", path: "/api/memories/trash", query: { page: wholeNumber, pageSize: wholeNumber } },
  { method: "POST", path: "/api/memories/restore", body: { ids: fc.array(wholeNumber, { maxLength: 3 }) } },
  { method: "GET", path: "/api/media/{id}" },
  { method: "GET", path: "/api/owed" },
  { method: "GET", path: "/api/expired-favours" },
  { method: "GET", path: "/api/story-progress" },
  {
    method: "PUT",
    path: "/api/story-progress",
    body: {
      version: fc.constant(2),
      scene: fc.constantFrom(0, 12, 105),
      score: fc.integer({ min: 0, max: 100 }),
      history: fc.constantFrom([], [{ scene: 0, choice: 1 }]),
      flags: fc.constantFrom([], ["map"]),
      pending_scene: fc.constantFrom(null, 3),
    },
  },
  {
    method: "POST",
    path: "/api/expired-favours/noticed",
    body: { purchase_ids: fc.array(wholeNumber, { maxLength: 3 }) },
  },
  { method: "GET", path: "/api/backup-health" },
  { method: "GET", path: "/api/letter" },
  { method: "PUT", path: "/api/letter", body: { text: fc.constantFrom("Dear you,\n\nI *love* you.") } },
  { method: "GET", path: "/api/my-day" },
  {
    method: "PUT",
    path: "/api/my-day",
    body: {
      sleep: fc.constantFrom({ from: "22:00", to: "06:00" }),
      work: fc.constantFrom(null, { from: "09:00", to: "17:00", days: ["mon", "fri"] }),
      quietHours: fc.constantFrom("silent", "digest"),
    },
  },
  { method: "PUT", path: "/api/color-scheme", body: { colorScheme: fc.constantFrom("auto", "light", "dark") } },
  { method: "GET", path: "/api/later-letters" },
  { method: "POST", path: "/api/later-letters", body: laterLetter },
  { method: "GET", path: "/api/later-letters/{id}" },
  { method: "PUT", path: "/api/later-letters/{id}", body: laterLetter },
  {
    method: "DELETE",
    path: "/api/later-letters/{id}",
    query: { based_on: fc.constantFrom("2026-11-23T12:00:00.000Z") },
  },
  { method: "POST", path: "/api/later-letters/{id}/open" },
  { method: "GET", path: "/api/visits", query: { page: wholeNumber } },
  { method: "POST", path: "/api/visits", body: visit },
  { method: "PUT", path: "/api/visits/{id}", body: visit },
  { method: "DELETE", path: "/api/visits/{id}" },
  { method: "GET", path: "/api/nudges" },
  { method: "GET", path: "/api/streak" },
  { method: "GET", path: "/api/our-year", query: { year: fc.integer({ min: 2000, max: 2099 }) } },
  {
    method: "GET",
    path: "/api/search",
    query: {
      q: fc.constantFrom("pancake", "Crème brûlée"),
      kind: fc.constantFrom("memory", "answer"),
      page: wholeNumber,
    },
  },
  { method: "GET", path: "/api/timeline", query: { year: fc.constantFrom(2019, 2026) } },
  {
    method: "GET",
    path: "/api/timeline/day",
    query: { date: fc.constantFrom("2026-03-12", "2019-06-01"), page: wholeNumber },
  },
  { method: "POST", path: "/api/nudges", body: { line: fc.constantFrom("Missing you", null) } },
  { method: "GET", path: "/api/bounties" },
  { method: "GET", path: "/api/bounties/{id}/photo" },
  {
    method: "POST",
    path: "/api/bounties",
    body: {
      title: fc.constantFrom("Send me a voice note of our song"),
      reward: fc.integer({ min: 1, max: 30 }),
      due_date: fc.constantFrom(null, "2099-12-31"),
    },
  },
  { method: "POST", path: "/api/bounties/{id}/claim" },
  {
    method: "POST",
    path: "/api/bounties/{id}/done",
    body: {
      note: fc.constantFrom("Sent it!"),
      // A 1x1 PNG.
      photo: fc.constantFrom(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
      ),
    },
  },
  { method: "POST", path: "/api/bounties/{id}/approve" },
  { method: "POST", path: "/api/bounties/{id}/send-back", body: { reason: fc.constantFrom("Sing the chorus too") } },
  { method: "POST", path: "/api/bounties/{id}/withdraw" },
  { method: "GET", path: "/api/latestQuestion" },
  { method: "GET", path: "/api/questions", query: { guessed: fc.constantFrom("true", "false") } },
  {
    method: "PUT",
    path: "/api/questions/{questionId}",
    body: {
      response: fc.constantFrom("Yes, always."),
      username,
      questionId: wholeNumber,
      guess: fc.constantFrom("Pancakes"),
    },
  },
  {
    method: "PUT",
    path: "/api/questions/{questionId}/guess-rating",
    body: { rating: fc.constantFrom("nailed", "close", "not_quite") },
  },
  { method: "GET", path: "/api/guesses/record" },
  { method: "GET", path: "/api/quoteOfTheDay" },
  { method: "GET", path: "/api/workout-reward" },
  { method: "GET", path: "/api/export" },
  { method: "GET", path: "/api/export/size" },
  {
    method: "POST",
    path: "/api/log-workout",
    body: {
      name: fc.constantFrom("Run"),
      duration: fc.integer({ min: 1, max: 1440 }),
      distance: fc.double({ min: 0, max: 1000, noNaN: true }),
      distanceUnit: fc.constantFrom("km", "miles"),
      calories: fc.integer({ min: 0, max: 20_000 }),
      username,
    },
  },
];

/** A shop with a bit of everything, so valid-looking ids reach real rows of both partners. */
async function livedInApp() {
  const test = await buildEconomyApp();
  const { db, alex, sam } = test;
  giveSpanks(db, alex, 500);
  giveSpanks(db, sam, 500);
  const massage = createProduct(db, alex, { name: "Back massage", description: "Oil.", quantity: 5, price: 3 });
  const pancakes = createProduct(db, sam, { name: "Pancakes", description: "Sunday.", quantity: 5, price: 2 });
  const bought = purchaseProduct(db, { buyerId: alex, productId: pancakes.id });
  purchaseProduct(db, { buyerId: alex, productId: pancakes.id });
  purchaseProduct(db, { buyerId: sam, productId: massage.id });
  const redeemed = redeemItem(db, alex, bought.inventoryItemId);
  confirmRedemption(db, alex, redeemed.redeemedItem.id);
  // One question revealed with a guess to rate, one still open.
  const revealed = askQuestion(db, { text: "Where shall we go next?" });
  answerQuestion(
    db,
    { questionId: revealed.id, userId: alex, response: "Lisbon", guess: "Kyoto" },
    { answerReward: 0 },
  );
  answerQuestion(db, { questionId: revealed.id, userId: sam, response: "Kyoto" }, { answerReward: 0 });
  askQuestion(db, { text: "What made you laugh today?" });
  addMemory(db, { userId: alex, message: "The cabin in the snow." });
  addMemory(db, { userId: sam, message: "Pancakes at midnight." });
  writeLaterLetter(db, { fromUserId: alex, text: "When you are sad", opening: { kind: "openWhen", moment: "sad" } });
  writeLaterLetter(db, {
    fromUserId: sam,
    text: "For Christmas",
    // A year ahead on Alex's (the recipient's) calendar: the app runs on the real clock, so a fixed
    // date would one day have passed, and its refusal would fail every route's test.
    opening: { kind: "date", date: addDays(dayIn(demoCouple.partners[0].timeZone), 365), time: "08:00" },
  });
  planVisit(db, { userId: sam, input: { start_date: "2026-04-01", end_date: "2026-04-05" } });
  postBounty(db, alex, { title: "Voice note of our song", reward: 5 });
  const done = postBounty(db, sam, { title: "Breakfast photo", reward: 4 });
  markBountyDone(db, alex, done.id, "Pancakes!");
  return test;
}

function pathArbitrary(path: string): fc.Arbitrary<string> {
  const id = fc.oneof(
    fc.constantFrom(...BAD_IDS),
    wholeNumber.map(String),
    hostileString.map((text) => {
      try {
        return encodeURIComponent(text).slice(0, 2000);
      } catch {
        return "%ED%A0%80"; // a lone surrogate, as broken UTF-8
      }
    }),
  );
  return path.includes("{") ? id.map((value) => path.replace(/\{\w+\}/, value)) : fc.constant(path);
}

console.log(`hostile input seed: ${HOSTILE_SEED} (replay with SPANKBANK_FUZZ_SEED=${HOSTILE_SEED})`);
let tried = 0;

describe("hostile input against every /api route", () => {
  it("the table below names every route the app serves", async () => {
    const { app } = await buildEconomyApp();
    await app.ready();
    const spec = app.swagger() as { paths: Record<string, object> };
    const served = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(ROUTES.map((route) => `${route.method} ${route.path}`).sort()).toEqual(served.sort());
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: never a 5xx, nothing written on a 4xx, the check passes after`, async () => {
      const answered = new Map<number, number>();
      const test = await livedInApp();
      const { app, db, cookie } = test;
      const request = fc.record({
        who: fc.oneof(
          { arbitrary: fc.constantFrom("alex", "sam"), weight: 4 },
          { arbitrary: fc.constantFrom("signed out", "forged"), weight: 1 },
        ),
        url: fc
          .tuple(pathArbitrary(route.path), route.query ? hostileQuery(route.query) : fc.constant(""))
          .map(([path, query]) => path + query),
        body: route.body ? hostileBody(route.body) : fc.option(hostileBody({}), { freq: 3 }),
        contentType: fc.oneof(
          { arbitrary: fc.constantFrom("application/json", "application/json; charset=utf-8"), weight: 8 },
          { arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", undefined), weight: 1 },
        ),
        // None or the app's own origin as inject sends it, mostly; sometimes a foreign one.
        origin: fc.oneof(
          { arbitrary: fc.constantFrom(undefined, "http://localhost:80"), weight: 8 },
          { arbitrary: fc.constantFrom("https://evil.example", "null"), weight: 1 },
        ),
      });
      // The state before each request: the one after the previous request.
      let before = databaseSnapshot(db);
      await fc.assert(
        fc.asyncProperty(request, async ({ who, url, body, contentType, origin }) => {
          tried++;
          const session =
            who === "alex" || who === "sam" ? cookie[who] : who === "forged" ? "spankbank_session=forged" : undefined;
          const headers: Record<string, string> = {};
          if (session) headers.cookie = session;
          if (contentType && body !== null) headers["content-type"] = contentType;
          if (origin) headers.origin = origin;
          const reply = await app.inject({
            method: route.method,
            url,
            headers,
            ...(body === null || route.method === "GET" ? {} : { payload: body }),
          });
          answered.set(reply.statusCode, (answered.get(reply.statusCode) ?? 0) + 1);
          expect(reply.statusCode, reply.body).toBeLessThan(500);
          const after = databaseSnapshot(db);
          if (reply.statusCode >= 400) expect(after, `${reply.statusCode} ${reply.body}`).toEqual(before);
          before = after;
        }),
        { seed: HOSTILE_SEED, numRuns: route.runs ?? (route.body ? RUNS : RUNS / 4), endOnFailure: true },
      );
      console.log(`${route.method} ${route.path}: ${JSON.stringify(Object.fromEntries(answered))}`);
      expect(checkDatabase(db)).toEqual([]);
    }, 60_000);
  }

  it("reports how many hostile requests were tried", () => {
    console.log(`hostile input: ${tried} requests across ${ROUTES.length} routes, none answered 5xx`);
    expect(tried).toBeGreaterThan(ROUTES.length);
  });
});
