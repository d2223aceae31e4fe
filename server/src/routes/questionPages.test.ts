import { addMemory } from "@spankbank/db/memories";
import { answerQuestion, askQuestion } from "@spankbank/db/questions";
import { questionList, questionsPage } from "@spankbank/shared/contract/questions";
import { LIST_WINDOW } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

/** `n` questions asked a day apart ("Question 1" the oldest), each answered by alex. */
async function questionsOf(n: number) {
  const test = await buildTestApp({ now: () => new Date("2026-11-22T12:00:00Z") });
  const alex = userIdOf(test.db, "alex");
  for (let i = 1; i <= n; i += 1) {
    const asked = askQuestion(test.db, { text: `Question ${i}`, now: new Date(Date.UTC(2025, 0, i, 12)) });
    answerQuestion(test.db, { userId: alex, questionId: asked.id, response: `answer ${i}` }, { answerReward: 0 });
  }
  return { ...test, cookie: sessionCookie(test, "alex") };
}

describe("GET /api/questions with page, pageSize and search", () => {
  it("answers one page, newest first, with its answers, the page count and the total", async () => {
    const { app, cookie } = await questionsOf(12);
    const reply = await app.inject({ url: "/api/questions?page=3&pageSize=5", headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("no-store");
    const body = questionsPage.parse(reply.json());
    expect(body).toMatchObject({ page: 3, pageCount: 3, total: 12 });
    expect(body.questions.map((q) => [q.question, q.responses.map((r) => r.response)])).toEqual([
      ["Question 2", ["answer 2"]],
      ["Question 1", ["answer 1"]],
    ]);
  });

  it("pages by 10 when only the page is given, and answers the last page for one past the end", async () => {
    const { app, cookie } = await questionsOf(13);
    const first = await app.inject({ url: "/api/questions?page=1", headers: { cookie } });
    expect(questionsPage.parse(first.json()).questions).toHaveLength(10);
    const past = await app.inject({ url: "/api/questions?page=40", headers: { cookie } });
    expect(past.json()).toMatchObject({ page: 2, pageCount: 2, total: 13 });
  });

  it("searches the questions' text in any case, a % or _ taken as itself", async () => {
    const { app, cookie, db } = await questionsOf(12);
    askQuestion(db, { text: "100% sure?", now: new Date("2026-01-01T12:00:00Z") });
    const found = await app.inject({ url: "/api/questions?search=QUESTION%201", headers: { cookie } });
    expect(found.json().questions.map((q: { question: string }) => q.question)).toEqual([
      "Question 12",
      "Question 11",
      "Question 10",
      "Question 1",
    ]);
    expect(found.json()).toMatchObject({ page: 1, pageCount: 1, total: 4 });
    const percent = await app.inject({ url: "/api/questions?search=0%25", headers: { cookie } });
    expect(percent.json().questions.map((q: { question: string }) => q.question)).toEqual(["100% sure?"]);
    const nothing = await app.inject({ url: "/api/questions?search=nobody", headers: { cookie } });
    expect(nothing.json()).toEqual({ questions: [], page: 1, pageCount: 1, total: 0 });
  });

  it.each(["page=0", "page=abc", "pageSize=101", "pageSize=0", "page=1.5", `search=${"x".repeat(201)}`])(
    "refuses %s with 400 naming the field",
    async (query) => {
      const { app, cookie } = await questionsOf(1);
      const reply = await app.inject({ url: `/api/questions?${query}`, headers: { cookie } });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain(query.split("=")[0]);
    },
  );

  it("needs a session", async () => {
    const { app } = await questionsOf(1);
    expect((await app.inject({ url: "/api/questions?page=1" })).statusCode).toBe(401);
  });
});

describe("the plain lists, asked for without a page", () => {
  it("/api/questions answers the spec's plain list of the newest LIST_WINDOW questions", async () => {
    const { app, cookie } = await questionsOf(LIST_WINDOW + 3);
    const reply = await app.inject({ url: "/api/questions", headers: { cookie } });
    const list = questionList.parse(reply.json());
    expect(list).toHaveLength(LIST_WINDOW);
    expect(list[0]?.question).toBe(`Question ${LIST_WINDOW + 3}`);
    expect(list.at(-1)?.question).toBe("Question 4");
  });

  it("/api/memories and POST /api/memories/delete answer the newest LIST_WINDOW memories", async () => {
    const test = await buildTestApp({ now: () => new Date("2026-11-22T12:00:00Z") });
    const sam = userIdOf(test.db, "sam");
    const ids = [];
    for (let i = 1; i <= LIST_WINDOW + 2; i += 1) {
      ids.push(
        addMemory(test.db, { userId: sam, message: `memory ${i}`, createdAt: new Date(Date.UTC(2025, 0, i)) }).id,
      );
    }
    const cookie = sessionCookie(test, "alex");
    const list = await test.app.inject({ url: "/api/memories", headers: { cookie } });
    expect(list.json()).toHaveLength(LIST_WINDOW);
    expect(list.json()[0].message).toBe(`memory ${LIST_WINDOW + 2}`);
    const deleted = await test.app.inject({
      method: "POST",
      url: "/api/memories/delete",
      headers: { cookie },
      payload: { ids: [ids.at(-1)] },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toHaveLength(LIST_WINDOW);
    expect(deleted.json()[0].message).toBe(`memory ${LIST_WINDOW + 1}`);
  });
});
