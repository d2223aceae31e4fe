import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { Refusal } from "./errors.js";
import {
  addMemory,
  deleteMemories,
  editMemoryFromDiscord,
  latestMemory,
  listMemories,
  removeMemoryFromDiscord,
} from "./memories.js";
import { openTestDb } from "./test/testDb.js";

let db: Db;
let alex: number;
let sam: number;

beforeEach(() => {
  ({ db, alex, sam } = openTestDb());
});

const at = (iso: string) => new Date(iso);

describe("memories", () => {
  it("lists memories newest first, attributed to the author's responseName", () => {
    expect(latestMemory(db)).toBeNull();
    addMemory(db, { userId: alex, message: "Our first dance", createdAt: at("2026-01-01T10:00:00Z") });
    addMemory(db, { userId: sam, message: "The rainy picnic", createdAt: at("2026-03-01T10:00:00Z") });
    addMemory(db, { userId: alex, message: "Sunrise at the beach", createdAt: at("2026-02-01T10:00:00Z") });

    const list = listMemories(db);
    expect(list.map((m) => [m.message, m.username])).toEqual([
      ["The rainy picnic", "sam_r"],
      ["Sunrise at the beach", "alex_d"],
      ["Our first dance", "alex_d"],
    ]);
    expect(list[0]!.createdAt).toBe("2026-03-01T10:00:00.000Z");
    expect(latestMemory(db)).toEqual(list[0]);
  });

  it("makes one memory from one Discord message, however often it arrives", () => {
    const first = addMemory(db, { userId: alex, message: "Stargazing", discordMessageId: "900000000000000001" });
    const again = addMemory(db, { userId: alex, message: "Stargazing", discordMessageId: "900000000000000001" });
    expect(again).toEqual(first);
    expect(listMemories(db)).toHaveLength(1);
  });

  it("follows edits and deletions made in Discord", () => {
    addMemory(db, { userId: sam, message: "Pizza nigt", discordMessageId: "900000000000000002" });
    expect(editMemoryFromDiscord(db, "900000000000000002", "Pizza night")?.message).toBe("Pizza night");
    expect(editMemoryFromDiscord(db, "900000000000000099", "nothing")).toBeNull();
    expect(listMemories(db).map((m) => m.message)).toEqual(["Pizza night"]);

    expect(removeMemoryFromDiscord(db, "900000000000000002")).toBe(true);
    expect(removeMemoryFromDiscord(db, "900000000000000002")).toBe(false);
    expect(listMemories(db)).toEqual([]);
    // A replayed create of the removed message does not bring it back.
    addMemory(db, { userId: sam, message: "Pizza night", discordMessageId: "900000000000000002" });
    expect(listMemories(db)).toEqual([]);
  });

  it("refuses a memory without text", () => {
    expect(() => addMemory(db, { userId: alex, message: "   " })).toThrow(Refusal);
    expect(listMemories(db)).toEqual([]);
  });

  it("soft-deletes only the named memories and returns the rest", () => {
    const ids = ["one", "two", "three"].map(
      (message, i) => addMemory(db, { userId: alex, message, createdAt: at(`2026-01-0${i + 1}T00:00:00Z`) }).id,
    );
    const remaining = deleteMemories(db, [ids[0]!, ids[2]!]);
    expect(remaining.map((m) => m.message)).toEqual(["two"]);
    expect(listMemories(db)).toEqual(remaining);
    const deletedAt = db.$client.prepare("SELECT id FROM memories WHERE deleted_at IS NOT NULL ORDER BY id").all();
    expect(deletedAt).toEqual([{ id: ids[0] }, { id: ids[2] }]);
    // Naming an already deleted memory again is harmless.
    expect(deleteMemories(db, [ids[0]!]).map((m) => m.message)).toEqual(["two"]);
  });

  it("refuses the whole delete when an id never existed", () => {
    const { id } = addMemory(db, { userId: alex, message: "Keep me" });
    const attempt = () => deleteMemories(db, [id, 9999]);
    expect(attempt).toThrow(/9999/);
    expect(attempt).toThrow(expect.objectContaining({ code: "not_found" }));
    expect(listMemories(db).map((m) => m.id)).toEqual([id]);
  });
});
