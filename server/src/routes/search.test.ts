import type { Db } from "@spankbank/db/client";
import { addMemory } from "@spankbank/db/memories";
import { askQuestion } from "@spankbank/db/questions";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { SEARCH_MAX } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

type Who = "alex" | "sam";

const userId = (db: Db, who: Who) =>
  (db.$client.prepare("SELECT id FROM users WHERE username = ?").get(who) as { id: number }).id;

/** The app on a clock the test moves, answers sealed until both have answered. */
async function searchApp() {
  let clock = new Date("2026-11-23T12:00:00Z");
  const test = await buildTestApp({
    now: () => clock,
    config: { ...demoCouple, questions: { revealAfterBothAnswered: true } },
  });
  const call = (who: Who | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: who ? { cookie: sessionCookie(test, who) } : {},
      ...(payload ? { payload } : {}),
    });
  /** The ids found of one kind, for `who`. */
  const found = async (who: Who, q: string, kind: string) => {
    const reply = await call(who, "GET", `/api/search?q=${encodeURIComponent(q)}&kind=${kind}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json().groups[0].results as { id: number }[]).map((result) => result.id);
  };
  return { ...test, call, found, setClock: (iso: string) => (clock = new Date(iso)) };
}

describe("GET /api/search", () => {
  it("answers every kind, the words marked, a memory with its board page; 401 signed out", async () => {
    const { db, call } = await searchApp();
    addMemory(db, {
      userId: userId(db, "alex"),
      message: "Our first café in Lisbon",
      createdAt: new Date("2026-01-02"),
    });
    expect((await call(null, "GET", "/api/search?q=cafe")).statusCode).toBe(401);
    const reply = await call("sam", "GET", "/api/search?q=CAF");
    expect(reply.statusCode).toBe(200);
    const { groups } = reply.json();
    expect(groups.map((group: { kind: string }) => group.kind)).toEqual([
      "memory",
      "answer",
      "later_letter",
      "letter",
      "favour",
    ]);
    expect(groups[0]).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(groups[0].results[0]).toMatchObject({
      kind: "memory",
      username: demoCouple.partners[0].responseName,
      board_page: 1,
      created_at: "2026-01-02T00:00:00.000Z",
      excerpt: [
        { text: "Our first ", match: false },
        { text: "café", match: true },
        { text: " in Lisbon", match: false },
      ],
    });
  });

  it("refuses bad input with 400 naming the field; FTS syntax typed is read as words, never a 500", async () => {
    const { call } = await searchApp();
    for (const [url, field] of [
      ["/api/search", "q"],
      ["/api/search?q=%20%20", "q"],
      [`/api/search?q=${"a".repeat(SEARCH_MAX + 1)}`, "q"],
      ["/api/search?q=cafe&kind=everything", "kind"],
      ["/api/search?q=cafe&page=0", "page"],
    ] as const) {
      const reply = await call("alex", "GET", url);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().message, url).toContain(field);
    }
    for (const q of ['"', "NEAR(a b", "*", "a OR", "message:x", "^x", "-", "'; DROP TABLE memories; --"]) {
      const reply = await call("alex", "GET", `/api/search?q=${encodeURIComponent(q)}`);
      expect(reply.statusCode, q).toBe(200);
    }
  });

  it("never finds the partner's sealed answer, for either partner, until the reader has answered", async () => {
    const { db, call, found } = await searchApp();
    const question = askQuestion(db, { text: "Where next?" });
    const sams = await call("sam", "PUT", `/api/questions/${question.id}`, { response: "Kyoto in autumn" });
    expect(sams.statusCode, sams.body).toBe(200);
    expect(await found("alex", "kyoto", "answer")).toEqual([]);
    expect(await found("sam", "kyoto", "answer")).toHaveLength(1);
    await call("alex", "PUT", `/api/questions/${question.id}`, { response: "Kyoto, yes" });
    expect(await found("alex", "kyoto", "answer")).toHaveLength(2);
    expect(await found("sam", "kyoto", "answer")).toHaveLength(2);
  });

  it("never finds a sealed letter for later before it is opened; its writer always", async () => {
    const { call, found, setClock } = await searchApp();
    const written = await call("alex", "POST", "/api/later-letters", {
      text: "Merry Christmas, my snowdrop",
      opening: { kind: "date", date: "2026-12-24", time: "08:00" },
    });
    expect(written.statusCode, written.body).toBe(201);
    const { id } = written.json().letter;
    expect(await found("sam", "snowdrop", "later_letter")).toEqual([]);
    expect(await found("alex", "snowdrop", "later_letter")).toEqual([id]);
    setClock("2026-12-24T13:00:00.000Z");
    // Its moment came, unopened: still not found until Sam opens it.
    expect(await found("sam", "snowdrop", "later_letter")).toEqual([]);
    expect((await call("sam", "POST", `/api/later-letters/${id}/open`)).statusCode).toBe(200);
    expect(await found("sam", "snowdrop", "later_letter")).toEqual([id]);
  });

  it("keeps the index with the board: a memory deleted on the web is unfound, restored found again", async () => {
    const { db, call, found } = await searchApp();
    const { id } = addMemory(db, { userId: userId(db, "alex"), message: "Fireflies at the lake" });
    expect(await found("sam", "firefl", "memory")).toEqual([id]);
    expect((await call("sam", "POST", "/api/memories/delete", { ids: [id] })).statusCode).toBe(200);
    expect(await found("sam", "firefl", "memory")).toEqual([]);
    expect((await call("alex", "POST", "/api/memories/restore", { ids: [id] })).statusCode).toBe(200);
    expect(await found("alex", "firefl", "memory")).toEqual([id]);
  });
});
