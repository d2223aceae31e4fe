import { MEMORIES_PER_PAGE, TIMELINE_DAY_PER_PAGE } from "@spankbank/shared/limits";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { addMemory, trashMemories } from "./memories.js";
import { memoryPage } from "./memoryPages.js";
import { openTestDb } from "./test/testDb.js";
import { memoriesOfDay, timelineYear } from "./timeline.js";

let db: Db;
let alex: number;
let sam: number;

beforeEach(() => {
  ({ db, alex, sam } = openTestDb());
});

const ZONE = "America/New_York";
const NOW = new Date("2026-11-22T15:00:00Z");
const memory = (message: string, iso: string, userId = alex) =>
  addMemory(db, { userId, message, createdAt: new Date(iso) });

describe("timelineYear", () => {
  it("counts the board's memories per day of the year on the couple's calendar, DST and the trash included", () => {
    memory("New year's eve, late in New York", "2026-01-01T04:30:00Z"); // 31 Dec 2025, 23:30 local
    memory("New year's morning", "2026-01-01T15:00:00Z");
    memory("Spring forward, before", "2026-03-08T06:30:00Z"); // 01:30 EST
    memory("Spring forward, after", "2026-03-09T03:59:00Z"); // 23:59 EDT, still 8 March
    memory("The next day", "2026-03-09T04:00:00Z"); // 00:00 EDT, 9 March
    const trashed = memory("Trashed", "2026-03-09T12:00:00Z");
    trashMemories(db, [trashed.id], NOW);
    memory("Last night of the year", "2027-01-01T04:59:00Z"); // 31 Dec 2026, 23:59 EST

    const year = timelineYear(db, 2026, NOW, ZONE);
    expect(year).toEqual({
      year: 2026,
      today: "2026-11-22",
      firstYear: 2025,
      total: 5,
      days: [
        { date: "2026-01-01", count: 1 },
        { date: "2026-03-08", count: 2 },
        { date: "2026-03-09", count: 1 },
        { date: "2026-12-31", count: 1 },
      ],
    });
    expect(timelineYear(db, 2025, NOW, ZONE).days).toEqual([{ date: "2025-12-31", count: 1 }]);
  });

  it("without a year shows this year on the couple's calendar; with none on the board the first year is this one", () => {
    const year = timelineYear(db, undefined, new Date("2027-01-01T03:00:00Z"), ZONE); // still 31 Dec 2026 there
    expect(year).toEqual({ year: 2026, today: "2026-12-31", firstYear: 2026, total: 0, days: [] });
  });
});

describe("memoriesOfDay", () => {
  it("answers the day's memories oldest first, a page at a time, each on the board page that shows it", () => {
    // Newer memories fill the board's first pages; the day's sit after them.
    for (let n = 0; n < 7; n += 1) memory(`Later ${n}`, `2026-06-${String(10 + n).padStart(2, "0")}T12:00:00Z`, sam);
    const day = Array.from({ length: TIMELINE_DAY_PER_PAGE + 3 }, (_, n) =>
      memory(`At the fair ${n}`, `2026-06-06T${String(5 + n).padStart(2, "0")}:00:00Z`),
    );
    memory("The day before", "2026-06-06T03:00:00Z"); // 5 June, 23:00 local

    const first = memoriesOfDay(db, "2026-06-06", 1, ZONE);
    expect(first).toMatchObject({ date: "2026-06-06", page: 1, pageCount: 2, total: day.length });
    expect(first.memories.map((m) => m.id)).toEqual(day.slice(0, TIMELINE_DAY_PER_PAGE).map((m) => m.id));
    const second = memoriesOfDay(db, "2026-06-06", 2, ZONE);
    expect(second.memories.map((m) => m.id)).toEqual(day.slice(TIMELINE_DAY_PER_PAGE).map((m) => m.id));

    // Each board page named really shows that memory.
    for (const found of [...first.memories, ...second.memories]) {
      const board = memoryPage(db, found.boardPage, MEMORIES_PER_PAGE).memories.map((m) => m.id);
      expect(board, found.message).toContain(found.id);
    }
    expect(first.memories[0]).toMatchObject({ message: "At the fair 0", username: "alex_d" });
  });

  it("a day without memories is empty; a page past the end answers the last", () => {
    memory("Picnic", "2026-06-06T16:00:00Z");
    expect(memoriesOfDay(db, "2026-06-07", 1, ZONE)).toEqual({
      date: "2026-06-07",
      memories: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });
    expect(memoriesOfDay(db, "2026-06-06", 9, ZONE)).toMatchObject({ page: 1, total: 1 });
  });
});
