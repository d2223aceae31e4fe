import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Db, inTransaction } from "./client.js";
import { addMemory, deleteMemories, removeMemoryFromDiscord } from "./memories.js";
import { memoryPage } from "./memoryPages.js";
import { openTestDb } from "./test/testDb.js";

let db: Db;
let alex: number;
let path: string;

beforeEach(() => {
  ({ db, alex, path } = openTestDb());
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Memories "memory 1" (oldest) to "memory n" (newest), one a day. */
function addMemories(n: number): number[] {
  return Array.from(
    { length: n },
    (_, i) =>
      addMemory(db, {
        userId: alex,
        message: `memory ${i + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12)),
      }).id,
  );
}

describe("memoryPage", () => {
  it("answers one page of the visible memories, newest first, with the page count and total", () => {
    addMemories(12);
    const second = memoryPage(db, 2, 5);
    expect(second.memories.map((m) => m.message)).toEqual(["memory 7", "memory 6", "memory 5", "memory 4", "memory 3"]);
    expect(second).toMatchObject({ page: 2, pageCount: 3, total: 12 });
    expect(second.memories[0]).toEqual({
      id: expect.any(Number),
      message: "memory 7",
      username: "alex_d",
      createdAt: "2026-01-07T12:00:00.000Z",
    });
    expect(memoryPage(db, 3, 5).memories.map((m) => m.message)).toEqual(["memory 2", "memory 1"]);
  });

  it("leaves deleted memories out of the pages and the total", () => {
    const ids = addMemories(6);
    deleteMemories(db, [ids[5]!, ids[4]!]);
    expect(memoryPage(db, 1, 5)).toMatchObject({ page: 1, pageCount: 1, total: 4 });
    expect(memoryPage(db, 1, 5).memories[0]!.message).toBe("memory 4");
  });

  it("answers the last page for a page past the end, and page 1 of 1 when there are none", () => {
    addMemories(7);
    expect(memoryPage(db, 9, 5)).toMatchObject({ page: 2, pageCount: 2, total: 7 });
    expect(memoryPage(db, 9, 5).memories).toHaveLength(2);
    const empty = openTestDb().db;
    expect(memoryPage(empty, 1, 5)).toEqual({ memories: [], page: 1, pageCount: 1, total: 0 });
  });

  it("reads the page and the count through the visible-memories index, without sorting", () => {
    addMemories(3);
    const plan = (sql: string) =>
      (db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail);
    const pagePlan = plan(
      `SELECT m.id FROM memories m INNER JOIN users u ON u.id = m.user_id
       WHERE m.deleted_at IS NULL ORDER BY m.created_at DESC, m.id DESC LIMIT 5 OFFSET 5`,
    );
    // Either index of the board's memories in their order: the one made for the page, or the one the
    // search counts a memory's board page through (memories_board_place, deleted_at first).
    expect(pagePlan.join("\n")).toMatch(/USING INDEX memories_(visible_newest|board_place \(deleted_at=\?\))/);
    expect(pagePlan.join("\n")).not.toContain("TEMP B-TREE");
    const countPlan = plan(`SELECT count(*) FROM memories WHERE memories.deleted_at IS NULL`);
    expect(countPlan.join("\n")).toMatch(/memories_(visible_newest|board_place \(deleted_at=\?\))/);
  });
});

describe("the visible total", () => {
  /** How many times SQLite is asked to count the memories, from here on. */
  function countsRun(): () => number {
    const statementPrototype = Object.getPrototypeOf(db.$client.prepare("SELECT 1")) as {
      get: (...args: unknown[]) => unknown;
    };
    const get = vi.spyOn(statementPrototype, "get");
    return () =>
      get.mock.contexts.filter((statement) => /count\(/i.test((statement as { source: string }).source)).length;
  }

  it("is counted once while nothing is written, and counted again after any write", () => {
    const ids = addMemories(12);
    const counts = countsRun();
    expect(memoryPage(db, 1, 5).total).toBe(12);
    expect(memoryPage(db, 2, 5).total).toBe(12);
    expect(memoryPage(db, 3, 5).total).toBe(12);
    expect(counts()).toBe(1);
    deleteMemories(db, [ids[0]!]);
    expect(memoryPage(db, 1, 5).total).toBe(11);
    expect(memoryPage(db, 2, 5).total).toBe(11);
    expect(counts()).toBe(2);
  });

  it("stays right through adds, deletes, Discord removals, restores and another connection's writes", () => {
    const ids = addMemories(5);
    expect(memoryPage(db, 1, 5).total).toBe(5);
    addMemory(db, { userId: alex, message: "from Discord", discordMessageId: "m-1" });
    expect(memoryPage(db, 1, 5).total).toBe(6);
    deleteMemories(db, [ids[0]!, ids[1]!]);
    expect(memoryPage(db, 1, 5).total).toBe(4);
    removeMemoryFromDiscord(db, "m-1");
    expect(memoryPage(db, 1, 5).total).toBe(3);
    // A restore (the trash's undo) clears deleted_at.
    db.$client.prepare("UPDATE memories SET deleted_at = NULL WHERE id = ?").run(ids[0]!);
    expect(memoryPage(db, 1, 5).total).toBe(4);
    // The bot or an `npm run` op writing through its own connection.
    const other = new BetterSqlite3(path);
    try {
      other.prepare("UPDATE memories SET deleted_at = NULL WHERE id = ?").run(ids[1]!);
      expect(memoryPage(db, 1, 5).total).toBe(5);
      other.prepare("UPDATE memories SET deleted_at = '2026-02-01T00:00:00.000Z'").run();
      expect(memoryPage(db, 1, 5).total).toBe(0);
    } finally {
      other.close();
    }
  });

  it("is right after a transaction that counted and then rolled back", () => {
    addMemories(3);
    expect(memoryPage(db, 1, 5).total).toBe(3);
    expect(() =>
      inTransaction(db, () => {
        addMemory(db, { userId: alex, message: "undone" });
        expect(memoryPage(db, 1, 5).total).toBe(4);
        throw new Error("roll back");
      }),
    ).toThrow("roll back");
    expect(memoryPage(db, 1, 5).total).toBe(3);
  });
});
