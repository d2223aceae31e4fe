import { addMemory } from "@spankbank/db/memories";
import { memoriesPage } from "@spankbank/shared/contract/memories";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

async function boardOf(n: number) {
  const test = await buildTestApp({ now: () => new Date("2026-11-22T12:00:00Z") });
  const alex = userIdOf(test.db, "alex");
  for (let i = 1; i <= n; i += 1) {
    addMemory(test.db, { userId: alex, message: `memory ${i}`, createdAt: new Date(Date.UTC(2026, 0, i, 12)) });
  }
  return { ...test, cookie: sessionCookie(test, "sam") };
}

describe("GET /api/memories with page and pageSize", () => {
  it("answers one page with the page count and the total, uncached; bare it keeps the plain list", async () => {
    const { app, cookie } = await boardOf(12);
    const reply = await app.inject({ url: "/api/memories?page=3&pageSize=5", headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("no-store");
    const body = memoriesPage.parse(reply.json());
    expect(body).toMatchObject({ page: 3, pageCount: 3, total: 12 });
    expect(body.memories.map((m) => m.message)).toEqual(["memory 2", "memory 1"]);
    expect(body.memories[0]).toEqual({
      id: expect.any(Number),
      message: "memory 2",
      username: "alex_d",
      created_at: "2026-01-02T12:00:00.000Z",
    });

    const bare = await app.inject({ url: "/api/memories", headers: { cookie } });
    expect(Array.isArray(bare.json())).toBe(true);
    expect(bare.json()).toHaveLength(12);
  });

  it("pages by 5 when only the page is given, and answers the last page for one past the end", async () => {
    const { app, cookie } = await boardOf(7);
    const first = await app.inject({ url: "/api/memories?page=1", headers: { cookie } });
    expect(first.json().memories).toHaveLength(5);
    const past = await app.inject({ url: "/api/memories?page=40", headers: { cookie } });
    expect(past.json()).toMatchObject({ page: 2, pageCount: 2, total: 7 });
  });

  it.each(["page=0", "page=abc", "pageSize=101", "page=1.5"])("refuses %s with 400 naming the field", async (query) => {
    const { app, cookie } = await boardOf(1);
    const reply = await app.inject({ url: `/api/memories?${query}`, headers: { cookie } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain(query.split("=")[0]);
  });

  it("needs a session", async () => {
    const { app } = await boardOf(1);
    expect((await app.inject({ url: "/api/memories?page=1" })).statusCode).toBe(401);
  });
});

describe("GET /api/memories/on-this-day", () => {
  it("answers this calendar day's memories from earlier months in the couple's zone, uncached", async () => {
    const test = await buildTestApp({ now: () => new Date("2026-11-22T12:00:00Z") });
    const sam = userIdOf(test.db, "sam");
    // The couple's zone is Asia/Kolkata: 21 October 20:00 UTC is already 22 October there.
    addMemory(test.db, { userId: sam, message: "Late-night call", createdAt: new Date("2026-10-21T20:00:00Z") });
    addMemory(test.db, { userId: sam, message: "Not this day", createdAt: new Date("2026-10-21T12:00:00Z") });
    addMemory(test.db, { userId: sam, message: "A year ago", createdAt: new Date("2025-11-22T12:00:00Z") });
    const reply = await test.app.inject({
      url: "/api/memories/on-this-day",
      headers: { cookie: sessionCookie(test, "alex") },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.json()).toEqual({
      date: "2026-11-22",
      memories: [
        {
          id: expect.any(Number),
          message: "Late-night call",
          username: "sam_r",
          created_at: "2026-10-21T20:00:00.000Z",
          months_ago: 1,
        },
        {
          id: expect.any(Number),
          message: "A year ago",
          username: "sam_r",
          created_at: "2025-11-22T12:00:00.000Z",
          months_ago: 12,
        },
      ],
      answers: [],
    });
  });

  it("needs a session", async () => {
    const test = await buildTestApp();
    expect((await test.app.inject({ url: "/api/memories/on-this-day" })).statusCode).toBe(401);
  });
});
