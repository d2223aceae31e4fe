import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@spankbank/db/client";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory, editMemoryFromDiscord } from "@spankbank/db/memories";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const DAY = 24 * 60 * 60 * 1000;
let clock = new Date("2026-11-20T12:00:00.000Z");
afterEach(() => {
  clock = new Date("2026-11-20T12:00:00.000Z");
});

/** Seven memories "memory 1" (oldest) to "memory 7", on a clock the test moves. */
async function board() {
  const test = await buildTestApp({ now: () => clock });
  const alex = userIdOf(test.db, "alex");
  const ids = Array.from(
    { length: 7 },
    (_, i) =>
      addMemory(test.db, { userId: alex, message: `memory ${i + 1}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
        .id,
  );
  return { ...test, ids, cookie: sessionCookie(test, "alex") };
}

const deletedIds = (db: Db) =>
  (
    db.$client.prepare("SELECT id FROM memories WHERE deleted_at IS NOT NULL ORDER BY id").all() as { id: number }[]
  ).map((row) => row.id);

describe("POST /api/memories/delete with a page", () => {
  it("moves the memories to the trash and answers that page of the board, not the whole list", async () => {
    const { app, db, ids, cookie } = await board();
    const reply = await app.inject({
      method: "POST",
      url: "/api/memories/delete",
      headers: { cookie },
      payload: { ids: [ids[6], ids[5]], page: 2, pageSize: 3 },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ page: 2, pageCount: 2, total: 5 });
    expect(reply.json().memories.map((m: { message: string }) => m.message)).toEqual(["memory 2", "memory 1"]);
    expect(deletedIds(db)).toEqual([ids[5], ids[6]]);
  });

  it("refuses a bad page with 400 naming the field, and deletes nothing", async () => {
    const { app, db, ids, cookie } = await board();
    for (const extra of [{ page: 0 }, { page: "2" }, { page: 1.5 }, { pageSize: 101 }]) {
      const reply = await app.inject({
        method: "POST",
        url: "/api/memories/delete",
        headers: { cookie },
        payload: { ids: [ids[0]], ...extra },
      });
      expect(reply.statusCode, JSON.stringify(extra)).toBe(400);
      expect(reply.json().message).toMatch(/body\.page/);
    }
    expect(deletedIds(db)).toEqual([]);
  });
});

describe("the memory trash: GET /api/memories/trash and POST /api/memories/restore", () => {
  it("lists what was deleted in the last 30 days and restores it onto the board", async () => {
    const test = await board();
    const { app, db, ids } = test;
    let { cookie } = test;
    const remove = (memoryIds: number[]) =>
      app.inject({ method: "POST", url: "/api/memories/delete", headers: { cookie }, payload: { ids: memoryIds } });
    await remove([ids[0]!]);
    clock = new Date(clock.getTime() + 2 * DAY);
    await remove([ids[1]!, ids[2]!]);

    const trash = await app.inject({ url: "/api/memories/trash?page=1&pageSize=5", headers: { cookie } });
    expect(trash.statusCode).toBe(200);
    expect(trash.headers["cache-control"]).toBe("no-store");
    expect(trash.json()).toMatchObject({ page: 1, pageCount: 1, total: 3 });
    expect(trash.json().memories[2]).toEqual({
      id: ids[0],
      message: "memory 1",
      username: "alex_d",
      created_at: "2026-01-01T00:00:00.000Z",
      deleted_at: "2026-11-20T12:00:00.000Z",
      purge_at: "2026-12-20T12:00:00.000Z",
    });

    const restore = await app.inject({
      method: "POST",
      url: "/api/memories/restore",
      headers: { cookie },
      payload: { ids: [ids[0], ids[2]] },
    });
    expect(restore.statusCode).toBe(200);
    expect(restore.json()).toEqual({ restored: 2 });
    expect(deletedIds(db)).toEqual([ids[1]]);

    // 30 days after its deletion a memory has left the trash: it can no longer be restored.
    clock = new Date(clock.getTime() + 30 * DAY + 1);
    cookie = sessionCookie(test, "alex"); // the first session has expired meanwhile
    const late = await app.inject({
      method: "POST",
      url: "/api/memories/restore",
      headers: { cookie },
      payload: { ids: [ids[1]] },
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toContain(String(ids[1]));
    expect((await app.inject({ url: "/api/memories/trash", headers: { cookie } })).json().total).toBe(0);
  });

  it("shows a memory's photos in the trash, so a photo alone is known by its photo there", async () => {
    const test = await board();
    const folder = mediaFolder(test.db);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "dance.gif"), "GIF89a");
    const photoAlone = addMemory(test.db, {
      userId: userIdOf(test.db, "sam"),
      message: "",
      images: [{ fileName: "dance.gif", contentType: "image/gif", size: 6 }],
    });
    await test.app.inject({
      method: "POST",
      url: "/api/memories/delete",
      headers: { cookie: test.cookie },
      payload: { ids: [photoAlone.id, test.ids[0]] },
    });
    const [photo, words] = (
      await test.app.inject({ url: "/api/memories/trash", headers: { cookie: test.cookie } })
    ).json().memories;
    expect(photo).toMatchObject({ id: photoAlone.id, message: "", images: [{ contentType: "image/gif" }] });
    expect(words).not.toHaveProperty("images");
    const shown = await test.app.inject({ url: photo.images[0].url, headers: { cookie: test.cookie } });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toBe("GIF89a");
  });

  it("brings a memory back with the words its author edited in Discord while it was in the trash", async () => {
    const { app, db, cookie } = await board();
    const alex = userIdOf(db, "alex");
    const memory = addMemory(db, { userId: alex, message: "Our first date", discordMessageId: "900" });
    // Sam deletes it from a phone's board; Alex, in Discord, fixes its words; Sam restores it.
    const trashed = await app.inject({
      method: "POST",
      url: "/api/memories/delete",
      headers: { cookie },
      payload: { ids: [memory.id] },
    });
    expect(trashed.statusCode).toBe(200);
    expect(editMemoryFromDiscord(db, "900", "Our first date, at the lake")).toBeNull();
    const restored = await app.inject({
      method: "POST",
      url: "/api/memories/restore",
      headers: { cookie },
      payload: { ids: [memory.id] },
    });
    expect(restored.json()).toEqual({ restored: 1 });

    const latest = await app.inject({ url: "/api/memory", headers: { cookie } });
    expect(latest.json()).toMatchObject({ id: memory.id, message: "Our first date, at the lake" });
  });

  it("refuses bad ids with 400 naming body.ids, an id not in the trash with 404, and restores nothing", async () => {
    const { app, db, ids, cookie } = await board();
    await app.inject({ method: "POST", url: "/api/memories/delete", headers: { cookie }, payload: { ids: [ids[0]] } });
    for (const bad of [[], ["1"], [0], [-3], [1.5], "1", null, Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const reply = await app.inject({
        method: "POST",
        url: "/api/memories/restore",
        headers: { cookie },
        payload: { ids: bad },
      });
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
      expect(reply.json().message).toContain("body.ids");
    }
    const unknown = await app.inject({
      method: "POST",
      url: "/api/memories/restore",
      headers: { cookie },
      payload: { ids: [ids[0], 424242] },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain("424242");
    const badPage = await app.inject({ url: "/api/memories/trash?page=abc", headers: { cookie } });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toContain("page");
    expect(deletedIds(db)).toEqual([ids[0]]);
  });

  it("needs a session for the trash and the restore, and restores nothing without one", async () => {
    const { app, db, ids, cookie } = await board();
    await app.inject({ method: "POST", url: "/api/memories/delete", headers: { cookie }, payload: { ids: [ids[0]] } });
    expect((await app.inject({ url: "/api/memories/trash" })).statusCode).toBe(401);
    const restore = await app.inject({ method: "POST", url: "/api/memories/restore", payload: { ids: [ids[0]] } });
    expect(restore.statusCode).toBe(401);
    expect(deletedIds(db)).toEqual([ids[0]]);
  });
});
