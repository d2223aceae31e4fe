import { describe, expect, it } from "vitest";
import { loveQuotes } from "./loveQuotes.js";
import { questionBank } from "./questionBank.js";

/** Lower-cases and drops everything that is not a letter, so near-identical wording collides. */
const normalise = (text: string): string => text.toLowerCase().replace(/[^a-z]/g, "");

describe("questionBank", () => {
  it("holds at least a year of daily questions", () => {
    expect(questionBank.length).toBeGreaterThanOrEqual(365);
  });

  it("has only trimmed questions of 20 to 200 characters ending with a question mark", () => {
    for (const question of questionBank) {
      expect(question, question).toBe(question.trim());
      expect(question.length, question).toBeGreaterThanOrEqual(20);
      expect(question.length, question).toBeLessThanOrEqual(200);
      expect(question.endsWith("?"), question).toBe(true);
    }
  });

  it("has no duplicates, even ignoring case and punctuation", () => {
    const seen = new Map<string, string>();
    for (const question of questionBank) {
      const key = normalise(question);
      expect(seen.get(key), question).toBeUndefined();
      seen.set(key, question);
    }
    expect(seen.size).toBe(questionBank.length);
  });
});

describe("loveQuotes", () => {
  it("holds at least 60 quotes", () => {
    expect(loveQuotes.length).toBeGreaterThanOrEqual(60);
  });

  it("has only non-empty, trimmed quotes of at most 220 characters with an author", () => {
    for (const { quote, author } of loveQuotes) {
      expect(quote.length, quote).toBeGreaterThan(0);
      expect(quote, quote).toBe(quote.trim());
      expect(quote.length, quote).toBeLessThanOrEqual(220);
      expect(author.trim().length, quote).toBeGreaterThan(0);
      expect(author, quote).toBe(author.trim());
    }
  });

  it("has no duplicate quotes", () => {
    const keys = loveQuotes.map(({ quote }) => normalise(quote));
    expect(new Set(keys).size).toBe(loveQuotes.length);
  });
});
