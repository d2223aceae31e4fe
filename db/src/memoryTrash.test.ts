import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { Refusal } from "./errors.js";
import { mediaFolder } from "./media.js";
import { pendingDownloads } from "./mediaOutbox.js";
import { addMemory, removeMemoryFromDiscord, saveMemory, trashMemories } from "./memories.js";
import { memoryPage } from "./memoryPages.js";
import { purgeTrash, restoreMemories, trashPage } from "./memoryTrash.js";
import { openTestDb } from "./test/testDb.js";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-20T12:00:00.000Z");
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY);
const daysAfter = (days: number) => new Date(NOW.getTime() + days * DAY);

let db: Db;
let alex: number;

beforeEach(() => {
  ({ db, alex } = openTestDb());
});

function addMemories(n: number): number[] {
  return Array.from(
    { length: n },
    (_, i) =>
      addMemory(db, { userId: alex, message: `memory ${i + 1}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }).id,
  );
}

const memoryRows = () => (db.$client.prepare("SELECT COUNT(*) AS n FROM memories").get() as { n: number }).n;

describe("the memory trash", () => {
  it("keeps deleted memories for 30 days, most recently deleted first, with when each will be purged", () => {
    const [a, b, c, d] = addMemories(4);
    trashMemories(db, [a!], daysBefore(10));
    trashMemories(db, [b!], daysBefore(1));
    trashMemories(db, [c!], daysBefore(31));
    const trash = trashPage(db, 1, 5, NOW);
    expect(trash).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(trash.memories).toEqual([
      {
        id: b,
        message: "memory 2",
        username: "alex_d",
        createdAt: "2026-01-02T00:00:00.000Z",
        deletedAt: daysBefore(1).toISOString(),
        purgeAt: new Date(daysBefore(1).getTime() + 30 * DAY).toISOString(),
      },
      expect.objectContaining({ id: a, message: "memory 1" }),
    ]);
    expect(trash.memories.map((m) => m.id)).not.toContain(d);
  });

  it("pages the trash and answers its last page for a page past the end", () => {
    const ids = addMemories(7);
    for (const [i, id] of ids.entries()) trashMemories(db, [id], daysBefore(7 - i));
    expect(trashPage(db, 1, 5, NOW).memories.map((m) => m.message)).toEqual([
      "memory 7",
      "memory 6",
      "memory 5",
      "memory 4",
      "memory 3",
    ]);
    expect(trashPage(db, 9, 5, NOW)).toMatchObject({ page: 2, pageCount: 2, total: 7 });
  });

  it("restores memories onto the board where they were, in date order", () => {
    const ids = addMemories(3);
    trashMemories(db, [ids[1]!, ids[2]!], daysBefore(29));
    expect(memoryPage(db, 1, 5).total).toBe(1);
    expect(restoreMemories(db, [ids[1]!, ids[2]!], NOW)).toBe(2);
    expect(memoryPage(db, 1, 5).memories.map((m) => m.message)).toEqual(["memory 3", "memory 2", "memory 1"]);
    expect(trashPage(db, 1, 5, NOW).total).toBe(0);
  });

  it("refuses the whole restore when one id is not in the trash, and changes nothing", () => {
    const ids = addMemories(3);
    trashMemories(db, [ids[0]!], daysBefore(2));
    trashMemories(db, [ids[1]!], daysBefore(31));
    for (const bad of [[ids[0]!, 999], [ids[0]!, ids[1]!], []]) {
      expect(() => restoreMemories(db, bad, NOW)).toThrow(Refusal);
    }
    expect(() => restoreMemories(db, [ids[0]!, 999], NOW)).toThrow("No memory in the trash with id 999");
    expect(memoryPage(db, 1, 5).total).toBe(1);
    expect(trashPage(db, 1, 5, NOW).total).toBe(1);
  });

  it("restores harmlessly a memory already back on the board", () => {
    const [a] = addMemories(1);
    expect(restoreMemories(db, [a!], NOW)).toBe(0);
    expect(memoryPage(db, 1, 5).total).toBe(1);
  });

  it("purges for good only what was deleted more than 30 days ago, with its image files", () => {
    const folder = mediaFolder(db);
    mkdirSync(folder, { recursive: true });
    const image = (fileName: string) => {
      writeFileSync(join(folder, fileName), "png");
      return { fileName, contentType: "image/png", size: 3 };
    };
    const old = addMemory(db, { userId: alex, message: "old", images: [image("old.png")] }).id;
    const recent = addMemory(db, { userId: alex, message: "recent", images: [image("recent.png")] }).id;
    const kept = addMemory(db, { userId: alex, message: "kept", images: [image("kept.png")] }).id;
    trashMemories(db, [old], daysBefore(30.5));
    trashMemories(db, [recent], daysBefore(29.5));

    expect(purgeTrash(db, NOW)).toEqual({ memories: 1, images: 1 });
    expect(memoryRows()).toBe(2);
    expect(existsSync(join(folder, "old.png"))).toBe(false);
    expect(existsSync(join(folder, "recent.png"))).toBe(true);
    expect(existsSync(join(folder, "kept.png"))).toBe(true);
    expect(trashPage(db, 1, 5, NOW).memories.map((m) => m.id)).toEqual([recent]);
    expect(memoryPage(db, 1, 5).memories.map((m) => m.id)).toEqual([kept]);
    expect(() => restoreMemories(db, [old], NOW)).toThrow("No memory in the trash with id");
    // A second run finds nothing more to do.
    expect(purgeTrash(db, NOW)).toEqual({ memories: 0, images: 0 });
  });

  it("purges a memory whose image the bot was still to fetch again, and the next purges go on", () => {
    const waiting = {
      name: "sunset.png",
      url: "https://cdn.discordapp.com/sunset.png",
      contentType: "image/png",
      size: 9,
    };
    const stuck = saveMemory(db, { userId: alex, message: "stuck", missingImages: [waiting] }).memory.id;
    const later = addMemory(db, { userId: alex, message: "later" }).id;
    trashMemories(db, [stuck], daysBefore(31));
    trashMemories(db, [later], daysBefore(29.5));
    expect(purgeTrash(db, NOW)).toEqual({ memories: 1, images: 0 });
    // The download waiting for it goes with it: the bot never fetches an image for a memory gone for good.
    expect(pendingDownloads(db, 10, NOW)).toEqual([]);
    expect(purgeTrash(db, daysAfter(1))).toEqual({ memories: 1, images: 0 });
    expect(memoryRows()).toBe(0);
  });
});

describe("the memory trash on a wrong clock (a box with no clock battery, before NTP sets it)", () => {
  const trashed = () => trashPage(db, 1, 5, NOW).memories;

  it("purges nothing when the clock jumps to 2099, and counts only the days it then sees pass", () => {
    const [weeks, day] = addMemories(2);
    trashMemories(db, [weeks!], daysBefore(29.5));
    trashMemories(db, [day!], daysBefore(1));
    expect(purgeTrash(db, NOW)).toEqual({ memories: 0, images: 0 });
    // The box restarts an hour later and reads 2099: not one day of the jump counts.
    expect(purgeTrash(db, new Date("2099-01-01T00:00:00Z"))).toEqual({ memories: 0, images: 0 });
    expect(memoryRows()).toBe(2);
    // A day later on that clock, a day really passed: the one deleted 29.5 days before goes.
    expect(purgeTrash(db, new Date("2099-01-02T00:00:00Z"))).toEqual({ memories: 1, images: 0 });
    // NTP sets the clock right: the one deleted a day before it keeps its days to come.
    const set = new Date(daysAfter(1).getTime() + 2 * 3_600_000);
    expect(purgeTrash(db, set)).toEqual({ memories: 0, images: 0 });
    const [kept] = trashPage(db, 1, 5, set).memories;
    // Deleted two days and two hours ago: the two hours of the two jumps are not counted.
    expect(kept).toMatchObject({ id: day, deletedAt: new Date(daysBefore(1).getTime() + 2 * 3_600_000).toISOString() });
  });

  it("keeps a memory deleted while the clock read 1970 for 30 days from the next purge", () => {
    const [web, stays] = addMemories(2);
    saveMemory(db, { userId: alex, message: "from Discord", discordMessageId: "900000000000000009" });
    expect(purgeTrash(db, daysBefore(1))).toEqual({ memories: 0, images: 0 });
    // The box restarts in the night and reads 1970; the couple delete one on the web, the bot sees another gone.
    trashMemories(db, [web!], new Date(0));
    expect(removeMemoryFromDiscord(db, "900000000000000009", new Date(0))).toBe(true);
    expect(purgeTrash(db, NOW)).toEqual({ memories: 0, images: 0 });
    expect(trashed().map((m) => [m.message, m.purgeAt])).toEqual([
      ["from Discord", daysAfter(30).toISOString()],
      ["memory 1", daysAfter(30).toISOString()],
    ]);
    for (let days = 1; days < 30; days++) expect(purgeTrash(db, daysAfter(days)).memories).toBe(0);
    expect(purgeTrash(db, daysAfter(30.01)).memories).toBe(2);
    expect(memoryPage(db, 1, 5).memories.map((m) => m.id)).toEqual([stays]);
  });

  it("does not count the days the box was off, which a clock reading days ahead looks like", () => {
    const [old, last] = addMemories(2);
    trashMemories(db, [old!], daysBefore(28));
    expect(purgeTrash(db, NOW)).toEqual({ memories: 0, images: 0 });
    trashMemories(db, [last!], daysAfter(0.5));
    // Off for three days: none of them counts; the one deleted since the last purge counts from the start.
    expect(purgeTrash(db, daysAfter(3.5))).toEqual({ memories: 0, images: 0 });
    expect(trashed().map((m) => [m.message, m.deletedAt])).toEqual([
      ["memory 2", daysAfter(3.5).toISOString()],
      ["memory 1", daysBefore(24.5).toISOString()],
    ]);
    for (let days = 4.5; days < 33; days++) purgeTrash(db, daysAfter(days));
    expect(trashPage(db, 1, 5, daysAfter(32.5)).memories.map((m) => m.message)).toEqual(["memory 2"]);
    expect(purgeTrash(db, daysAfter(33.51))).toEqual({ memories: 1, images: 0 });
  });

  it("gives back the hours a clock set back by NTP had counted ahead", () => {
    const [old] = addMemories(1);
    trashMemories(db, [old!], daysBefore(29));
    expect(purgeTrash(db, NOW)).toEqual({ memories: 0, images: 0 });
    // An hour later a restart reads 20 hours ahead (a clock battery kept in local time); NTP sets it right.
    expect(purgeTrash(db, new Date(NOW.getTime() + 21 * 3_600_000))).toEqual({ memories: 0, images: 0 });
    expect(purgeTrash(db, new Date(NOW.getTime() + 3_600_000))).toEqual({ memories: 0, images: 0 });
    expect(purgeTrash(db, daysAfter(0.99))).toEqual({ memories: 0, images: 0 });
    expect(purgeTrash(db, daysAfter(1.01))).toEqual({ memories: 1, images: 0 });
  });
});
