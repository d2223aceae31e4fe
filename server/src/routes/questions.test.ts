import type { Db } from "@spankbank/db/client";
import { balanceOf, checkLedger } from "@spankbank/db/ledger";
import { askQuestion } from "@spankbank/db/questions";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

let db: Db | undefined;
afterEach(() => {
  if (db) expect(checkLedger(db)).toEqual([]);
  db = undefined;
});

/** A test app with one asked question and a session for each partner. */
async function withQuestion() {
  const test = await buildTestApp({ now: () => new Date("2026-06-01T12:00:00Z") });
  db = test.db;
  const question = askQuestion(test.db, { text: "What made you smile today?", now: new Date("2026-06-01T03:30:00Z") });
  return {
    ...test,
    questionId: question.id,
    alex: sessionCookie(test, "alex"),
    sam: sessionCookie(test, "sam"),
  };
}

function rows(db: Db, sql: string): unknown[] {
  return db.$client.prepare(sql).all();
}

describe("GET /api/latestQuestion and /api/questions", () => {
  it("answers null before the first question, uncached", async () => {
    const test = await buildTestApp();
    db = test.db;
    const reply = await test.app.inject({
      url: "/api/latestQuestion",
      headers: { cookie: sessionCookie(test, "alex") },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toBeNull();
    expect(reply.headers["cache-control"]).toBe("no-store");
  });

  it("lists questions newest first with their responses", async () => {
    const { app, db, questionId, alex } = await withQuestion();
    const newer = askQuestion(db, { text: "Where should we go next?", now: new Date("2026-06-02T03:30:00Z") });
    await app.inject({
      method: "PUT",
      url: `/api/questions/${questionId}`,
      headers: { cookie: alex },
      payload: { response: "Your voice note" },
    });

    const list = await app.inject({ url: "/api/questions", headers: { cookie: alex } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { question_id: newer.id, question: "Where should we go next?", asked_at: newer.askedAt, responses: [] },
      {
        question_id: questionId,
        question: "What made you smile today?",
        asked_at: "2026-06-01T03:30:00.000Z",
        responses: [{ username: "alex_d", response: "Your voice note", created_at: "2026-06-01T12:00:00.000Z" }],
      },
    ]);
    const latest = await app.inject({ url: "/api/latestQuestion", headers: { cookie: alex } });
    expect(latest.headers["cache-control"]).toBe("no-store");
    expect(latest.json().question_id).toBe(newer.id);
  });
});

describe("PUT /api/questions/:questionId", () => {
  it("replaces a second answer and rewards only the first", async () => {
    const { app, db, questionId, alex } = await withQuestion();
    const alexId = userIdOf(db, "alex");
    const before = balanceOf(db, { userId: alexId });
    const first = await app.inject({
      method: "PUT",
      url: `/api/questions/${questionId}`,
      headers: { cookie: alex },
      payload: { response: "Your laugh", username: "alex", questionId },
    });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({
      method: "PUT",
      url: `/api/questions/${questionId}`,
      headers: { cookie: alex },
      payload: { response: "Your laugh, and the coffee" },
    });
    expect(second.statusCode).toBe(200);
    // The clock stands still here: the change is a new version a millisecond on.
    expect(second.json()).toEqual([
      { username: "alex_d", response: "Your laugh, and the coffee", created_at: "2026-06-01T12:00:00.001Z" },
    ]);
    expect(rows(db, "SELECT response FROM answers")).toEqual([{ response: "Your laugh, and the coffee" }]);
    expect(balanceOf(db, { userId: alexId })).toBe(before + 5);
    expect(rows(db, "SELECT amount, reference FROM transfers WHERE kind = 'answer'")).toEqual([
      { amount: 5, reference: `answer:${questionId}:${alexId}` },
    ]);
  });

  it("refuses a change based on an answer changed since (409), replacing nothing; the same words sent again are done", async () => {
    let clock = new Date("2026-06-01T12:00:00Z");
    const test = await buildTestApp({ now: () => clock });
    db = test.db;
    const { app } = test;
    const questionId = askQuestion(test.db, { text: "Where next?", now: new Date("2026-06-01T03:30:00Z") }).id;
    const alex = sessionCookie(test, "alex");
    const answer = (payload: object) =>
      app.inject({ method: "PUT", url: `/api/questions/${questionId}`, headers: { cookie: alex }, payload });

    // The laptop answers first; the phone's form opened before it, with no answer shown.
    const laptop = await answer({ response: "Lisbon", based_on: null });
    expect(laptop.statusCode).toBe(200);
    clock = new Date("2026-06-01T12:05:00Z");
    const phone = await answer({ response: "Kyoto", based_on: null });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toBe(
      "Your answer was changed since you opened it (on another device, or in Discord): nothing was replaced.",
    );
    // The laptop's answer sent again after its answer was lost: done, nothing changed.
    expect((await answer({ response: "Lisbon", based_on: null })).statusCode).toBe(200);
    expect(rows(test.db, "SELECT response, created_at FROM answers")).toEqual([
      { response: "Lisbon", created_at: "2026-06-01T12:00:00.000Z" },
    ]);
    // Saved knowingly, over the answer now shown.
    const knowing = await answer({ response: "Kyoto", based_on: "2026-06-01T12:00:00.000Z" });
    expect(knowing.statusCode).toBe(200);
    expect(rows(test.db, "SELECT response FROM answers")).toEqual([{ response: "Kyoto" }]);
    const bad = await answer({ response: "Porto", based_on: "yesterday" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.based_on");
  });

  it("refuses a stale change even when the change it missed came in the same millisecond (each change is a new version)", async () => {
    const test = await buildTestApp({ now: () => new Date("2026-06-01T12:00:00Z") });
    db = test.db;
    const questionId = askQuestion(test.db, { text: "Where next?", now: new Date("2026-06-01T03:30:00Z") }).id;
    const alex = sessionCookie(test, "alex");
    const answer = (payload: object) =>
      test.app.inject({ method: "PUT", url: `/api/questions/${questionId}`, headers: { cookie: alex }, payload });
    const first = (await answer({ response: "Lisbon", based_on: null })).json();
    const shown = first[0].created_at;
    // The clock does not move: the laptop changes it, and the phone, which showed "Lisbon" too, after it.
    const laptop = await answer({ response: "Porto", based_on: shown });
    expect(laptop.statusCode).toBe(200);
    expect((await answer({ response: "Kyoto", based_on: shown })).statusCode).toBe(409);
    expect(rows(test.db, "SELECT response FROM answers")).toEqual([{ response: "Porto" }]);
  });

  it("queues exactly one reveal once both partners have answered", async () => {
    const { app, db, questionId, alex, sam } = await withQuestion();
    const answer = (cookie: string, response: string) =>
      app.inject({ method: "PUT", url: `/api/questions/${questionId}`, headers: { cookie }, payload: { response } });
    await answer(alex, "Sunshine");
    expect(rows(db, "SELECT kind FROM outbox")).toEqual([{ kind: "answer_given" }]);
    const both = await answer(sam, "Breakfast");
    await answer(sam, "Breakfast in bed");
    await answer(alex, "Sunshine and you");

    expect(both.json().map((r: { username: string }) => r.username)).toEqual(["alex_d", "sam_r"]);
    expect(rows(db, "SELECT kind FROM outbox WHERE kind = 'answers_revealed'")).toHaveLength(1);
    expect(rows(db, "SELECT kind FROM outbox WHERE kind = 'answer_given'")).toHaveLength(4);
  });

  it("refuses a bad response, a mismatched questionId or the other partner's name, writing nothing", async () => {
    const { app, db, questionId, alex } = await withQuestion();
    const put = (payload: object, url = `/api/questions/${questionId}`) =>
      app.inject({ method: "PUT", url, headers: { cookie: alex }, payload });

    for (const response of ["x".repeat(301), "   \n ", "", 42]) {
      const reply = await put({ response });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain("body.response");
    }
    const mismatch = await put({ response: "Hi", questionId: questionId + 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain("body.questionId");
    const badPath = await put({ response: "Hi" }, "/api/questions/abc");
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().message).toContain("params.questionId");
    const otherPartner = await put({ response: "Hi", username: "sam" });
    expect(otherPartner.statusCode).toBe(403);

    expect(rows(db, "SELECT * FROM answers")).toEqual([]);
    expect(rows(db, "SELECT * FROM outbox")).toEqual([]);
    expect(rows(db, "SELECT * FROM transfers")).toEqual([]);
  });

  it("answers 404 for a question never asked", async () => {
    const { app, alex } = await withQuestion();
    const reply = await app.inject({
      method: "PUT",
      url: "/api/questions/9999",
      headers: { cookie: alex },
      payload: { response: "Hello?" },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });
});
