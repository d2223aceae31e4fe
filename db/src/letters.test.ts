import { LETTER_MAX } from "@spankbank/shared/limits";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { letterFrom, letterTo, writeLetter } from "./letters.js";
import { openTestDb, refusalOf } from "./test/testDb.js";

let db: Db;
let alex: number;
let sam: number;

beforeEach(() => {
  ({ db, alex, sam } = openTestDb());
});

const count = () => (db.$client.prepare("SELECT COUNT(*) AS n FROM letters").get() as { n: number }).n;

describe("letters", () => {
  it("delivers a partner's letter to the other, and to no one before it is written", () => {
    expect(letterTo(db, alex)).toBeNull();
    const now = new Date("2026-12-24T20:00:00Z");
    const written = writeLetter(db, { fromUserId: sam, text: "Dear you,\n\nMerry *Christmas*.", now });
    expect(written).toEqual({ text: "Dear you,\n\nMerry *Christmas*.", updatedAt: "2026-12-24T20:00:00.000Z" });
    expect(letterTo(db, alex)).toEqual(written);
    expect(letterFrom(db, sam)).toEqual(written);
    expect(letterTo(db, sam)).toBeNull();
    expect(letterFrom(db, alex)).toBeNull();
  });

  it("rewrites the writer's one letter in place", () => {
    // The first save's moment pinned before the second: a version never goes back (versionAfter).
    writeLetter(db, { fromUserId: alex, text: "First try", now: new Date("2026-12-24T20:00:00Z") });
    writeLetter(db, { fromUserId: alex, text: "Second, better try", now: new Date("2026-12-25T08:00:00Z") });
    expect(count()).toBe(1);
    expect(letterTo(db, sam)).toEqual({ text: "Second, better try", updatedAt: "2026-12-25T08:00:00.000Z" });
  });

  it("trims the text and turns Windows line ends into newlines", () => {
    expect(writeLetter(db, { fromUserId: alex, text: "  Hello\r\n\r\nLove  \n" }).text).toBe("Hello\n\nLove");
  });

  it("refuses a blank, too long or control-character letter, writing nothing", () => {
    for (const text of ["", "  \n\n ", "\u200b\u202e ", "x".repeat(LETTER_MAX + 1), "Hi\u0000there", "Tab\there"]) {
      expect(refusalOf(() => writeLetter(db, { fromUserId: alex, text }))).toMatchObject({
        code: "invalid",
        message: expect.stringContaining("text"),
      });
    }
    expect(writeLetter(db, { fromUserId: alex, text: "x".repeat(LETTER_MAX) }).text).toHaveLength(LETTER_MAX);
    expect(count()).toBe(1);
  });

  it("refuses a writer who is not one of the couple", () => {
    expect(refusalOf(() => writeLetter(db, { fromUserId: 999, text: "Hello" })).code).toBe("not_found");
    expect(count()).toBe(0);
  });
});
