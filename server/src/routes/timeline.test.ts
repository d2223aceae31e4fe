import { addMemory } from "@spankbank/db/memories";
import { TIMELINE_DAY_PER_PAGE } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

// The demo couple's calendar is Asia/Kolkata (UTC+05:30).
const NOW = new Date("2026-11-23T12:00:00Z");

async function timelineApp() {
  const test = await buildTestApp({ now: () => NOW });
  const get = (url: string, who: "alex" | "sam" | null = "sam") =>
    test.app.inject({ url, headers: who ? { cookie: sessionCookie(test, who) } : {} });
  const alex = userIdOf(test.db, "alex");
  return { ...test, get, alex };
}

describe("GET /api/timeline", () => {
  it("counts the board's memories per day of a year on the couple's calendar; this year without one; 401 signed out", async () => {
    const { db, get, alex } = await timelineApp();
    const memory = (message: string, iso: string) => addMemory(db, { userId: alex, message, createdAt: new Date(iso) });
    memory("Fireworks", "2025-12-31T19:00:00Z"); // 1 January 2026, 00:30 in Kolkata
    memory("Brunch", "2026-01-01T06:00:00Z");
    memory("Stargazing", "2026-03-12T20:00:00Z"); // 13 March there

    expect((await get("/api/timeline", null)).statusCode).toBe(401);
    const reply = await get("/api/timeline?year=2026");
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      year: 2026,
      today: "2026-11-23",
      first_year: 2026,
      total: 3,
      days: [
        { date: "2026-01-01", count: 2 },
        { date: "2026-03-13", count: 1 },
      ],
    });
    expect((await get("/api/timeline")).json()).toMatchObject({ year: 2026, total: 3 });
    expect((await get("/api/timeline?year=2025")).json()).toMatchObject({ year: 2025, total: 0, days: [] });
  });

  it("refuses a year that is not one with 400 naming it", async () => {
    const { get } = await timelineApp();
    for (const year of ["1999", "2100", "twenty", "2026.5"]) {
      const reply = await get(`/api/timeline?year=${year}`);
      expect(reply.statusCode, year).toBe(400);
      expect(reply.json().message, year).toMatch(/year/);
    }
  });

  it("stays small at ten years of memories: a year's answer is its days, never its memories", async () => {
    const { db, get, alex } = await timelineApp();
    // Twenty thousand memories, about five a day from 2017 through 2026, written in one statement.
    db.$client
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999)
         INSERT INTO memories (user_id, message, created_at)
         SELECT ?, 'A line of text as long as most memories are, number ' || i,
                strftime('%Y-%m-%dT%H:%M:%fZ', '2017-01-01', '+' || (i * 15768) || ' seconds') FROM n`,
      )
      .run(alex);
    const reply = await get("/api/timeline?year=2024");
    expect(reply.statusCode).toBe(200);
    const year = reply.json();
    expect(year.first_year).toBe(2017);
    expect(year.days.length).toBeGreaterThan(360);
    console.log(`timeline: a year of ${year.total} memories answers ${reply.body.length} bytes`);
    expect(reply.body.length).toBeLessThan(16_000);
  });
});

describe("GET /api/timeline/day", () => {
  it("answers one day's memories oldest first, paged, each with its images and its board page", async () => {
    const { db, get, alex } = await timelineApp();
    const day = Array.from({ length: TIMELINE_DAY_PER_PAGE + 1 }, (_, n) =>
      addMemory(db, {
        userId: alex,
        message: `Festival ${n}`,
        createdAt: new Date(Date.UTC(2026, 2, 12, 4 + n)),
        ...(n === 0 ? { images: [{ fileName: "lanterns.jpg", contentType: "image/jpeg", size: 10 }] } : {}),
      }),
    );
    addMemory(db, { userId: alex, message: "Next morning", createdAt: new Date("2026-03-12T19:00:00Z") }); // 13 March there

    expect((await get("/api/timeline/day?date=2026-03-12", null)).statusCode).toBe(401);
    const first = await get("/api/timeline/day?date=2026-03-12");
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ date: "2026-03-12", page: 1, pageCount: 2, total: day.length });
    expect(page.memories.map((m: { id: number }) => m.id)).toEqual(day.slice(0, -1).map((m) => m.id));
    expect(page.memories[0]).toMatchObject({
      message: "Festival 0",
      username: "alex_d",
      created_at: "2026-03-12T04:00:00.000Z",
      images: [{ url: expect.stringMatching(/^\/api\/media\/\d+\?v=lanterns\.jpg$/), contentType: "image/jpeg" }],
    });

    // The board page named shows the memory.
    for (const found of page.memories as { id: number; board_page: number }[]) {
      const board = await get(`/api/memories?page=${found.board_page}`);
      expect(board.json().memories.map((m: { id: number }) => m.id)).toContain(found.id);
    }
    const second = (await get("/api/timeline/day?date=2026-03-12&page=2")).json();
    expect(second.memories.map((m: { id: number }) => m.id)).toEqual([day.at(-1)!.id]);
  });

  it("refuses a date or page that is not one with 400 naming it", async () => {
    const { get } = await timelineApp();
    for (const [query, field] of [
      ["", "date"],
      ["date=2026-02-30", "date"],
      ["date=12/03/2026", "date"],
      ["date=1999-12-31", "date"],
      ["date=2026-03-12&page=0", "page"],
      ["date=2026-03-12&page=two", "page"],
    ] as const) {
      const reply = await get(`/api/timeline/day?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toMatch(new RegExp(field));
    }
  });
});
