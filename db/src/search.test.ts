import { demoCouple } from "@spankbank/shared/demoCouple";
import { MEMORIES_PER_PAGE, SEARCH_COUNT_MAX, SEARCH_RESULTS_PER_PAGE } from "@spankbank/shared/limits";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { writeLetter } from "./letters.js";
import { addMemory, editMemoryFromDiscord, removeMemoryFromDiscord, trashMemories } from "./memories.js";
import { purgeTrash, restoreMemories } from "./memoryTrash.js";
import { createProduct, removeProduct } from "./products.js";
import { answerQuestion, askQuestion } from "./questions/index.js";
import { type SearchKind, search } from "./search.js";
import { openTestDb } from "./test/testDb.js";

let db: Db;
let alex: number;
let sam: number;

beforeEach(() => {
  ({ db, alex, sam } = openTestDb());
});

const found = (text: string, kind: SearchKind = "memory", readerId = alex, sealing = false) =>
  search(db, { readerId, sealing, text, kind })[0]!;
const ids = (text: string, kind: SearchKind = "memory", readerId = alex, sealing = false) =>
  found(text, kind, readerId, sealing).results.map((hit) => hit.id);
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe("search", () => {
  it("finds words by their start, accents and case ignored, newest first, the words marked", () => {
    const older = addMemory(db, { userId: alex, message: "Crème brûlée at the café", createdAt: day(1) }).id;
    const newer = addMemory(db, { userId: sam, message: "CAFE du Monde, beignets", createdAt: day(2) }).id;
    addMemory(db, { userId: sam, message: "A quiet night in", createdAt: day(3) });
    expect(ids("caf")).toEqual([newer, older]);
    expect(ids("CRÈME")).toEqual([older]);
    expect(ids("brulee cafe")).toEqual([older]);
    expect(found("brul").results[0]!.excerpt).toEqual([
      { text: "Crème ", match: false },
      { text: "brûlée", match: true },
      { text: " at the café", match: false },
    ]);
  });

  it("reads typed FTS syntax as words: quotes, stars, NEAR, columns and brackets find or find nothing", () => {
    const id = addMemory(db, { userId: alex, message: 'She said "pancakes" AND meant it', createdAt: day(1) }).id;
    for (const typed of [
      '"pancakes',
      "pancakes*",
      "AND(pancakes meant)",
      "pancakes:",
      "{pancakes}",
      "(pancakes) AND",
      "-pan",
    ]) {
      expect(ids(typed), typed).toEqual([id]);
    }
    for (const typed of ['"', "*", "^", "()", "  ", "AND", '""*', "NEAR(a b, 2)", "message:x", "\u0001"]) {
      expect(() => ids(typed), typed).not.toThrow();
    }
    expect(ids("***")).toEqual([]);
    expect(ids("OR")).toEqual([]);
  });

  it("keeps the index with the board: a trashed memory is unfound, a restored one found, an edit found by its new words", () => {
    const id = addMemory(db, {
      userId: alex,
      message: "Lighthouse picnic",
      discordMessageId: "111",
      createdAt: day(1),
    }).id;
    trashMemories(db, [id], day(2));
    expect(ids("lighthouse")).toEqual([]);
    restoreMemories(db, [id], day(3));
    expect(ids("lighthouse")).toEqual([id]);
    editMemoryFromDiscord(db, "111", "Harbour picnic");
    expect(ids("lighthouse")).toEqual([]);
    expect(ids("harbour")).toEqual([id]);
    removeMemoryFromDiscord(db, "111", day(4));
    expect(ids("harbour")).toEqual([]);
    purgeTrash(db, day(60));
    expect(db.$client.prepare("SELECT count(*) FROM memories").pluck().get()).toBe(0);
    expect(ids("harbour picnic")).toEqual([]);
    const again = addMemory(db, { userId: alex, message: "Harbour again", createdAt: day(61) }).id;
    expect(ids("harbour")).toEqual([again]);
  });

  it("places each memory on its board page and pages the results", () => {
    const made = Array.from(
      { length: 13 },
      (_, i) =>
        addMemory(db, { userId: alex, message: i % 2 === 0 ? `Sunset ${i}` : `Rain ${i}`, createdAt: day(i + 1) }).id,
    );
    const sunsets = made.filter((_, i) => i % 2 === 0).reverse();
    const first = found("sunset");
    expect(first).toMatchObject({ total: 7, more: false, page: 1, pageCount: Math.ceil(7 / SEARCH_RESULTS_PER_PAGE) });
    const boardOrder = [...made].reverse();
    expect(first.results.map((hit) => [hit.id, hit.boardPage])).toEqual(
      sunsets
        .slice(0, SEARCH_RESULTS_PER_PAGE)
        .map((id) => [id, Math.floor(boardOrder.indexOf(id) / MEMORIES_PER_PAGE) + 1]),
    );
    const second = search(db, { readerId: alex, sealing: false, text: "sunset", kind: "memory", page: 2 })[0]!;
    expect(second.results.map((hit) => hit.id)).toEqual(sunsets.slice(SEARCH_RESULTS_PER_PAGE));
    // Saved last, from a message of before them all ("Save as memory"): found first, placed on the board's last page.
    const old = addMemory(db, { userId: alex, message: "Sunset long ago", createdAt: day(0) }).id;
    expect(
      found("sunset")
        .results.slice(0, 2)
        .map((hit) => [hit.id, hit.boardPage]),
    ).toEqual([
      [old, 3],
      [sunsets[0], 1],
    ]);
  });

  it("counts a common word's matches up to SEARCH_COUNT_MAX and says there are more; its last counted page answers", () => {
    const saved = db.$client.transaction(() =>
      Array.from(
        { length: SEARCH_COUNT_MAX + 2 },
        (_, i) => addMemory(db, { userId: alex, message: `Coffee ${i}`, createdAt: day(1) }).id,
      ),
    )();
    expect(found("coffee")).toMatchObject({
      total: SEARCH_COUNT_MAX,
      more: true,
      pageCount: SEARCH_COUNT_MAX / SEARCH_RESULTS_PER_PAGE,
    });
    const last = search(db, { readerId: alex, sealing: false, text: "coffee", kind: "memory", page: 9_999 })[0]!;
    expect(last.page).toBe(SEARCH_COUNT_MAX / SEARCH_RESULTS_PER_PAGE);
    expect(last.results.map((hit) => hit.id)).toEqual(saved.slice(2, 2 + SEARCH_RESULTS_PER_PAGE).reverse());
    // One fewer than counted: exact.
    trashMemories(db, saved.slice(0, 2));
    expect(found("coffee")).toMatchObject({ total: SEARCH_COUNT_MAX, more: false });
  });

  it("never finds the partner's sealed answer before the reader answered; the reader's own always", () => {
    const question = askQuestion(db, { text: "Where should we go next?", now: day(1) });
    answerQuestion(
      db,
      { userId: sam, questionId: question.id, response: "Lisbon in spring", now: day(1) },
      { answerReward: 0 },
    );
    expect(found("lisbon", "answer", alex, true).total).toBe(0);
    expect(found("lisbon", "answer", sam, true).total).toBe(1);
    expect(found("lisbon", "answer", alex, false).results[0]).toMatchObject({
      title: question.text,
      questionId: question.id,
    });
    answerQuestion(
      db,
      { userId: alex, questionId: question.id, response: "Anywhere with you", now: day(2) },
      { answerReward: 0 },
    );
    expect(found("lisbon", "answer", alex, true).total).toBe(1);
  });

  it("finds the Christmas letters to and from the reader, and favours on offer only", () => {
    writeLetter(db, { fromUserId: sam, text: "Merry Christmas, my dearest reindeer" });
    expect(found("reindeer", "letter", alex).total).toBe(1);
    expect(found("reindeer", "letter", sam).total).toBe(1);
    writeLetter(db, { fromUserId: sam, text: "Merry Christmas, snowflake" });
    expect(found("reindeer", "letter", alex).total).toBe(0);
    const favour = createProduct(db, sam, {
      name: "Breakfast in bed",
      description: "Pancakes, warm",
      quantity: 1,
      price: 5,
    });
    expect(found("pancake", "favour").results[0]).toMatchObject({ id: favour.id, title: "Breakfast in bed" });
    removeProduct(db, sam, favour.id);
    expect(found("pancake", "favour").total).toBe(0);
  });

  it("answers every kind, empty ones too, for a search without a kind", () => {
    addMemory(db, { userId: alex, message: "Snow day", createdAt: day(1) });
    const groups = search(db, { readerId: alex, sealing: false, text: "snow" });
    expect(groups.map((group) => [group.kind, group.total])).toEqual([
      ["memory", 1],
      ["answer", 0],
      ["later_letter", 0],
      ["letter", 0],
      ["favour", 0],
    ]);
    expect(demoCouple.partners).toHaveLength(2);
  });
});
