import type { Db } from "@spankbank/db/client";
import { checkLedger } from "@spankbank/db/ledger";
import { addMemory } from "@spankbank/db/memories";
import { LIST_WINDOW } from "@spankbank/shared/limits";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

let db: Db | undefined;
afterEach(() => {
  if (db) expect(checkLedger(db)).toEqual([]);
  db = undefined;
});

async function boardWithMemories() {
  const test = await buildTestApp();
  db = test.db;
  const alex = userIdOf(test.db, "alex");
  const sam = userIdOf(test.db, "sam");
  const ids = [
    addMemory(test.db, { userId: alex, message: "Our first dance", createdAt: new Date("2026-01-01T20:00:00Z") }).id,
    addMemory(test.db, { userId: sam, message: "The rainy picnic", createdAt: new Date("2026-03-01T12:00:00Z") }).id,
    addMemory(test.db, { userId: alex, message: "Sunrise swim", createdAt: new Date("2026-02-01T06:00:00Z") }).id,
  ];
  return { ...test, ids, cookie: sessionCookie(test, "alex") };
}

function deletedCount(db: Db): number {
  return (db.$client.prepare("SELECT COUNT(*) AS n FROM memories WHERE deleted_at IS NOT NULL").get() as { n: number })
    .n;
}

describe("GET /api/memory and /api/memories", () => {
  it("answers null before the first memory, uncached", async () => {
    const test = await buildTestApp();
    db = test.db;
    const reply = await test.app.inject({ url: "/api/memory", headers: { cookie: sessionCookie(test, "sam") } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toBeNull();
    expect(reply.headers["cache-control"]).toBe("no-store");
  });

  it("lists memories newest first under the author's responseName, and the latest alone", async () => {
    const { app, cookie } = await boardWithMemories();
    const list = await app.inject({ url: "/api/memories", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.json().map((m: { message: string; username: string }) => [m.message, m.username])).toEqual([
      ["The rainy picnic", "sam_r"],
      ["Sunrise swim", "alex_d"],
      ["Our first dance", "alex_d"],
    ]);

    const latest = await app.inject({ url: "/api/memory", headers: { cookie } });
    expect(latest.headers["cache-control"]).toBe("no-store");
    expect(latest.json()).toEqual({
      id: expect.any(Number),
      message: "The rainy picnic",
      username: "sam_r",
      created_at: "2026-03-01T12:00:00.000Z",
    });
  });

  it("needs a session", async () => {
    const { app } = await buildTestApp();
    for (const url of ["/api/memory", "/api/memories"]) {
      expect((await app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe("years of memories", () => {
  // SQLite binds at most 32,766 values to one statement: images looked up with an IN list of
  // every memory's id made the whole board a 500 past that many memories (about nine years of
  // ten a day). The ids now travel as one JSON array.
  it("answers 33,000 memories with their images, bare (the newest) and one page at a time, each under 100 KB", {
    timeout: 30_000,
  }, async () => {
    const test = await buildTestApp();
    db = test.db;
    const alex = userIdOf(test.db, "alex");
    const insert = test.db.$client.prepare("INSERT INTO memories (user_id, message, created_at) VALUES (?, ?, ?)");
    test.db.$client.transaction(() => {
      for (let day = 0; day < 33_000; day++) {
        insert.run(alex, `Day ${day}`, new Date(Date.UTC(2020, 0, 1) + day * 3_600_000).toISOString());
      }
    })();
    const newest = addMemory(test.db, {
      userId: alex,
      message: "With a photo",
      createdAt: new Date("2030-01-01T00:00:00Z"),
      images: [{ fileName: "photo.png", contentType: "image/png", size: 10 }],
    });
    const cookie = sessionCookie(test, "alex");

    const bare = await test.app.inject({ url: "/api/memories", headers: { cookie } });
    expect(bare.statusCode).toBe(200);
    const all = bare.json() as { id: number; images?: { url: string }[] }[];
    expect(all).toHaveLength(LIST_WINDOW);
    expect(bare.body.length).toBeLessThan(100_000);
    expect(all[0]).toMatchObject({
      id: newest.id,
      images: [{ url: expect.stringMatching(/^\/api\/media\/\d+\?v=photo\.png$/) }],
    });
    expect(all.filter((memory) => memory.images !== undefined)).toHaveLength(1);

    const page = await test.app.inject({ url: "/api/memories?page=1&pageSize=5", headers: { cookie } });
    expect(page.json()).toMatchObject({ total: 33_001, memories: [{ id: newest.id, images: [{}] }, {}, {}, {}, {}] });
  });
});

describe("POST /api/memories/delete", () => {
  it("soft-deletes only the named memories and answers the rest", async () => {
    const { app, db, ids, cookie } = await boardWithMemories();
    const reply = await app.inject({
      method: "POST",
      url: "/api/memories/delete",
      headers: { cookie },
      payload: { ids: [ids[1], ids[2]] },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual([
      { id: ids[0], message: "Our first dance", username: "alex_d", created_at: "2026-01-01T20:00:00.000Z" },
    ]);
    expect(deletedCount(db)).toBe(2);
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM memories").get()).toEqual({ n: 3 });
  });

  it("refuses bad ids with 400 naming body.ids, and changes nothing", async () => {
    const { app, db, cookie } = await boardWithMemories();
    const bad = [[], Array.from({ length: 101 }, (_, i) => i + 1), ["1"], [-1], [0], [1.5], "1", null];
    for (const ids of bad) {
      const reply = await app.inject({
        method: "POST",
        url: "/api/memories/delete",
        headers: { cookie },
        payload: { ids },
      });
      expect(reply.statusCode, JSON.stringify(ids)).toBe(400);
      expect(reply.json().message).toContain("body.ids");
    }
    const missing = await app.inject({ method: "POST", url: "/api/memories/delete", headers: { cookie }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("body.ids");
    expect(deletedCount(db)).toBe(0);
  });

  it("answers 404 naming an id that never existed, and deletes none of the others", async () => {
    const { app, db, ids, cookie } = await boardWithMemories();
    const reply = await app.inject({
      method: "POST",
      url: "/api/memories/delete",
      headers: { cookie },
      payload: { ids: [ids[0], 424242] },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ statusCode: 404, message: expect.stringContaining("424242") });
    expect(deletedCount(db)).toBe(0);
  });
});
