import { describe, expect, it } from "vitest";
import { festiveQuotes, loveQuotes } from "./loveQuotes.js";
import { bundledQuestions, questionBank, questionSeasons, questionTags } from "./questionBank.js";

/** Lower-cases and drops everything that is not a letter, so near-identical wording collides. */
const normalise = (text: string): string => text.toLowerCase().replace(/[^a-z]/g, "");

/** Words that carry no topic of their own in a question ("what is your favourite thing..."). */
const FILLER_WORDS = new Set(
  (
    "a an and are as at be but by can could did do does for from have has how i if in is it me my of on or our " +
    "ours so that the this to us was we were what when where which who why will with would you your yours " +
    "favourite thing something one most ever together right now really always still just there their them " +
    "each other very like love partner"
  ).split(" "),
);

/** A question's topic words, crudely stemmed so "habit" and "habits" count as one. */
function topicWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[^a-z' -]/g, " ")
    .split(/[\s-]+/)
    .filter((word) => word.length > 0 && !FILLER_WORDS.has(word))
    .map((word) =>
      word
        .replace(/'s$/, "")
        .replace(/ies$/, "y")
        .replace(/(ing|ed|es|s)$/, ""),
    );
  return new Set(words.filter((word) => word.length > 1));
}

/** Shared topic words over all topic words of the two (Jaccard index). */
function overlap(a: Set<string>, b: Set<string>): { shared: number; ratio: number } {
  const shared = [...a].filter((word) => b.has(word)).length;
  return { shared, ratio: shared / (a.size + b.size - shared) };
}

/** Capitalised words a question may use after its first word: none names a place or a festival. */
const SHARED_PROPER_WORDS = new Set(["Sunday", "Saturday", "New", "Year's", "Eve", "Valentine's", "Day"]);

describe("bundledQuestions", () => {
  const texts = bundledQuestions.map(({ text }) => text);

  it("holds at least a year of everyday questions for every kind of couple", () => {
    const kinds = [
      { longDistance: false, livingTogether: false, pets: false, spicy: false },
      { longDistance: true, livingTogether: false, pets: false, spicy: false },
      { longDistance: false, livingTogether: true, pets: true, spicy: true },
    ];
    for (const couple of kinds) {
      const fitting = bundledQuestions.filter(
        ({ tags, season }) =>
          season === undefined &&
          !(tags.includes("long-distance") && !couple.longDistance) &&
          !(tags.includes("same-city") && couple.longDistance) &&
          !(tags.includes("living-together") && !couple.livingTogether) &&
          !(tags.includes("pets") && !couple.pets) &&
          !(tags.includes("spicy") && !couple.spicy),
      );
      expect(fitting.length, JSON.stringify(couple)).toBeGreaterThanOrEqual(365);
    }
  });

  it("speaks to whoever answers, never as one partner: no I, me, my or mine", () => {
    expect(texts.filter((text) => /\b(I|me|my|mine|myself)\b/.test(text))).toEqual([]);
  });

  it("never says today, tonight or last night: the question reaches two time zones at different hours", () => {
    expect(
      texts.filter((text) => /\b(today|tonight|this morning|this evening|last night|yesterday)\b/i.test(text)),
    ).toEqual([]);
  });

  it("gives a season only to holiday questions, and has questions for every season", () => {
    for (const { text, tags, season } of bundledQuestions) {
      if (season) expect(tags, text).toContain("holiday");
    }
    for (const season of Object.keys(questionSeasons)) {
      expect(bundledQuestions.filter((q) => q.season === season).length, season).toBeGreaterThan(0);
    }
  });

  it("has only trimmed questions of 20 to 200 characters ending with a question mark", () => {
    for (const question of texts) {
      expect(question, question).toBe(question.trim());
      expect(question.length, question).toBeGreaterThanOrEqual(20);
      expect(question.length, question).toBeLessThanOrEqual(200);
      expect(question.endsWith("?"), question).toBe(true);
    }
  });

  it("has no duplicates, even ignoring case and punctuation", () => {
    const seen = new Map<string, string>();
    for (const question of texts) {
      const key = normalise(question);
      expect(seen.get(key), question).toBeUndefined();
      seen.set(key, question);
    }
    expect(seen.size).toBe(texts.length);
  });

  it("has no near-duplicates: no two questions share half their topic words", () => {
    const words = texts.map(topicWords);
    const nearDuplicates: string[] = [];
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        const { shared, ratio } = overlap(words[i]!, words[j]!);
        if (shared >= 2 && ratio >= 0.5) nearDuplicates.push(`${texts[i]} ~ ${texts[j]}`);
      }
    }
    expect(nearDuplicates).toEqual([]);
  });

  it("asks about a shared home, a pet of ours or a span of years only with the tag that fits", () => {
    const gated: [RegExp, string][] = [
      [/\bpets?\b/i, "pets"],
      [/\b(couch|sofa)\b|\bin the kitchen\b|around the house|\bour home (had|has|is)\b/i, "living-together"],
    ];
    const slips = bundledQuestions.flatMap(({ text, tags }) =>
      gated.flatMap(([words, tag]) => (words.test(text) && !tags.includes(tag as never) ? [`${text} (${tag})`] : [])),
    );
    expect(slips).toEqual([]);
    // A set anniversary or year count reads wrong once the couple is past it.
    expect(texts.filter((text) => /\b(tenth|fifth|\d+(st|nd|rd|th)) anniversary\b/i.test(text))).toEqual([]);
  });

  it("asks each of these topics once: near-duplicates the topic-word check misses", () => {
    const topics = [
      /watch (a|the) sunrise/i,
      /question .*partner/i,
      /restaurant|café/i,
      /hidden talent|secretly great/i,
      /comfort(ed)? when|calms you/i,
      /\bfear\b|\bworry\b/i,
      /surprise party|celebrate your birthday/i,
      /habit.* (cute|endearing)|endearing habit/i,
      /more often\?/i,
      /pet kept a diary|pet would say/i,
    ];
    const repeated = topics.flatMap((topic) => {
      const asking = texts.filter((text) => topic.test(text));
      return asking.length > 1 ? [asking.join(" ~ ")] : [];
    });
    expect(repeated).toEqual([]);
  });

  it("gives every question at least one tag, none twice", () => {
    for (const { text, tags } of bundledQuestions) {
      expect(tags.length, text).toBeGreaterThan(0);
      expect(new Set(tags).size, text).toBe(tags.length);
    }
  });

  it("uses every tag for at least ten questions", () => {
    for (const tag of questionTags) {
      expect(bundledQuestions.filter(({ tags }) => tags.includes(tag)).length, tag).toBeGreaterThanOrEqual(10);
    }
  });

  it("names no city, country or festival of its own, so it fits any couple", () => {
    for (const question of texts) {
      const proper = question
        .split(/\s+/)
        .slice(1)
        .map((word) => word.replace(/[^A-Za-z']/g, ""))
        .filter((word) => /^[A-Z]/.test(word));
      expect(
        proper.filter((word) => !SHARED_PROPER_WORDS.has(word)),
        question,
      ).toEqual([]);
    }
  });

  it("gives the database each question's plain text, in order", () => {
    expect(questionBank).toEqual(texts);
  });
});

describe("loveQuotes", () => {
  it("holds about 180 quotes, a third of them at most the app's own", () => {
    expect(loveQuotes.length).toBeGreaterThanOrEqual(175);
    expect(loveQuotes.filter((q) => q.source === "original").length).toBeLessThanOrEqual(loveQuotes.length / 2);
  });

  it("writes a verse's line breaks as line breaks, not as slashes", () => {
    expect(loveQuotes.filter(({ quote }) => quote.includes(" / "))).toEqual([]);
    expect(loveQuotes.filter(({ quote }) => quote.includes("\n")).length).toBeGreaterThanOrEqual(30);
  });

  it("has at most three quotes of one work, so a work can be kept 30 days apart in the schedule", () => {
    const byWork = new Map<string, number>();
    for (const q of loveQuotes) {
      const work = q.source === "original" ? q.quote : `${q.author}: ${q.work ?? q.source}`;
      byWork.set(work, (byWork.get(work) ?? 0) + 1);
    }
    expect([...byWork].filter(([, n]) => n > 3)).toEqual([]);
  });

  it("gives each festive date two original lines of its own, no elegy", () => {
    const festive = Object.values(festiveQuotes).flat();
    expect(festive.length).toBe(10);
    for (const q of festive) {
      expect(q.source, q.quote).toBe("original");
      expect(q.elegy, q.quote).toBeUndefined();
      expect(loveQuotes.map(({ quote }) => quote)).not.toContain(q.quote);
    }
  });

  it("has only non-empty, trimmed quotes of at most 220 characters with an author and a source", () => {
    for (const { quote, author, source } of loveQuotes) {
      expect(quote.length, quote).toBeGreaterThan(0);
      expect(quote, quote).toBe(quote.trim());
      expect(quote.length, quote).toBeLessThanOrEqual(220);
      expect(author.trim().length, quote).toBeGreaterThan(0);
      expect(author, quote).toBe(author.trim());
      expect(source.trim().length, quote).toBeGreaterThan(0);
      expect(source, quote).toBe(source.trim());
    }
  });

  it("marks exactly the app's own lines, credited to Spank Bank, as original", () => {
    for (const { quote, author, source } of loveQuotes) {
      expect(source === "original", quote).toBe(author === "Spank Bank");
    }
  });

  it("has no duplicate quotes", () => {
    const keys = loveQuotes.map(({ quote }) => normalise(quote));
    expect(new Set(keys).size).toBe(loveQuotes.length);
  });
});
