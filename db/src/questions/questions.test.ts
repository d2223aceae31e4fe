import type { CoupleSettings } from "@spankbank/shared/config";
import { bundledQuestions } from "@spankbank/shared/content/questionBank";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../client.js";
import { balanceOf } from "../ledger.js";
import { openTestDb, refusalOf } from "../test/testDb.js";
import {
  addBankQuestion,
  answerQuestion,
  askNextQuestion,
  askQuestion,
  dailyQuestionToPost,
  giveAnswer,
  latestQuestion,
  listQuestions,
  nextBankQuestion,
  questionIdByDiscordMessage,
  recordQuestionMessage,
  seedQuestionBank,
  shuffleKey,
  unpostedEarlierDailyQuestions,
  withdrawUnpostedDailyQuestion,
} from "./index.js";

const economy = { answerReward: 5 };
const anyCouple: CoupleSettings = { longDistance: false, livingTogether: false, pets: false, spicy: false };
const rules = { couple: anyCouple, dailyQuestion: { time: "09:00", timeZone: "UTC" } };
const onDay = (day: string, couple = anyCouple) => ({ couple, day });

/** Bank rows in insertion order. */
function bankRows(): { id: number; text: string }[] {
  return db.$client.prepare("SELECT id, text FROM question_bank ORDER BY id").all() as { id: number; text: string }[];
}

/** Asks the next question of `day` (as the daily question does) and returns its text. */
function askOn(day: string, couple = anyCouple): string {
  const next = nextBankQuestion(db, onDay(day, couple))!;
  askQuestion(db, { text: next.text, bankId: next.id, now: new Date(`${day}T09:00:00Z`) });
  return next.text;
}

let db: Db;
let alex: number;
let sam: number;

beforeEach(() => {
  ({ db, alex, sam } = openTestDb());
});

function outboxKinds(): string[] {
  return (db.$client.prepare("SELECT kind FROM outbox ORDER BY id").all() as { kind: string }[]).map((r) => r.kind);
}

function answerTransfers() {
  return db.$client.prepare("SELECT amount, reference FROM transfers WHERE kind = 'answer' ORDER BY id").all();
}

describe("the question bank", () => {
  it("seeds the bundled bank once, with each question's tags and season", () => {
    expect(seedQuestionBank(db, bundledQuestions)).toBe(bundledQuestions.length);
    expect(seedQuestionBank(db, bundledQuestions)).toBe(0);
    const rows = db.$client.prepare("SELECT COUNT(*) AS n FROM question_bank WHERE source = 'bundled'").get();
    expect(rows).toEqual({ n: bundledQuestions.length });
    const seasonal = bundledQuestions.find((q) => q.season)!;
    expect(db.$client.prepare("SELECT tags, season FROM question_bank WHERE text = ?").get(seasonal.text)).toEqual({
      tags: JSON.stringify(seasonal.tags),
      season: seasonal.season,
    });
  });

  it("syncs a bank once per content: the same bank again writes nothing, a changed bank adds its new questions", () => {
    expect(seedQuestionBank(db, ["First?", "Second?"])).toBe(2);
    const client = db.$client;
    const prepare = client.prepare.bind(client);
    const statements: string[] = [];
    client.prepare = ((source: string) => {
      statements.push(source);
      return prepare(source);
    }) as typeof client.prepare;
    try {
      expect(seedQuestionBank(db, ["First?", "Second?"])).toBe(0);
    } finally {
      client.prepare = prepare as typeof client.prepare;
    }
    expect(statements.filter((source) => source.includes("question_bank"))).toEqual([]);
    expect(seedQuestionBank(db, ["First?", "Second?", "Third?"])).toBe(1);
    expect(bankRows().map((row) => row.text)).toEqual(["First?", "Second?", "Third?"]);
  });

  it("retires a bundled question removed from the bank (kept for its asked questions, never asked again) and restores it when it comes back", () => {
    seedQuestionBank(db, ["Kept?", "Dropped?"]);
    addBankQuestion(db, "Ours?", alex);
    const dropped = bankRows().find((row) => row.text === "Dropped?")!;
    askQuestion(db, { text: dropped.text, bankId: dropped.id, now: new Date("2026-01-01T09:00:00Z") });
    seedQuestionBank(db, ["Kept?"]);
    const asked = new Set<string>();
    for (let day = 10; day < 30; day++) asked.add(askOn(`2026-01-${day}`));
    expect(asked).toEqual(new Set(["Kept?", "Ours?"]));
    expect(listQuestions(db).at(-1)?.text).toBe("Dropped?");
    seedQuestionBank(db, ["Kept?", "Dropped?"]);
    expect(nextBankQuestion(db, onDay("2026-02-01"))?.text).toBe("Dropped?");
  });

  it("asks a question tagged for a kind of couple only to a couple of that kind", () => {
    const tagged = [
      { text: "Anyone?", tags: ["deep"] },
      { text: "Apart?", tags: ["long-distance"] },
      { text: "Same city?", tags: ["same-city"] },
      { text: "At home?", tags: ["living-together"] },
      { text: "The dog?", tags: ["pets"] },
      { text: "Spicy?", tags: ["spicy", "flirty"] },
    ] as const;
    seedQuestionBank(db, tagged);
    const reachable = (couple: CoupleSettings) => {
      const asked: string[] = [];
      for (let day = 10; day < 16; day++) asked.push(askOn(`2026-03-${day}`, couple));
      db.$client.prepare("DELETE FROM questions").run();
      return new Set(asked);
    };
    expect(reachable(anyCouple)).toEqual(new Set(["Anyone?", "Same city?"]));
    expect(reachable({ ...anyCouple, longDistance: true, pets: true })).toEqual(
      new Set(["Anyone?", "Apart?", "The dog?"]),
    );
    expect(reachable({ ...anyCouple, livingTogether: true, spicy: true })).toEqual(
      new Set(["Anyone?", "Same city?", "At home?", "Spicy?"]),
    );
  });

  it("asks a seasonal question only in its season, once per season, and a day's own question on that day", () => {
    seedQuestionBank(db, [
      { text: "Everyday one?", tags: ["deep"] },
      { text: "Everyday two?", tags: ["deep"] },
      { text: "Our New Year's Eve?", tags: ["holiday"], season: "new-year" },
      { text: "Our February?", tags: ["holiday"], season: "valentines" },
      { text: "Our Valentine's Day?", tags: ["holiday"], season: "valentines", day: "02-14" },
    ]);
    const seasonalOn = (day: string) => {
      const text = askOn(day);
      return text.startsWith("Our") ? text : null;
    };
    // Outside every window, for a year of days, no seasonal question comes up.
    const outside = ["2026-03-01", "2026-06-15", "2026-12-26", "2027-01-04", "2027-01-31", "2027-02-15"];
    for (const day of outside) expect(seasonalOn(day), day).toBeNull();
    expect(seasonalOn("2026-12-27")).toBe("Our New Year's Eve?");
    expect(seasonalOn("2026-12-31")).toBeNull();
    // The day's own question waits for its day, however early its season opens.
    expect(seasonalOn("2027-02-01")).toBe("Our February?");
    expect(seasonalOn("2027-02-02")).toBeNull();
    expect(seasonalOn("2027-02-13")).toBeNull();
    expect(seasonalOn("2027-02-14")).toBe("Our Valentine's Day?");
    // The next season asks it again, even on the window's last day (New Year runs over 1 January).
    expect(seasonalOn("2028-01-03")).toBe("Our New Year's Eve?");
  });

  it("asks each question once per cycle, in a new shuffle each cycle, and a partner's own question first", () => {
    const texts = Array.from({ length: 12 }, (_, i) => `Question ${i + 1}?`);
    seedQuestionBank(db, texts);
    const cycles: string[][] = [];
    let day = Date.parse("2026-04-01T00:00:00Z");
    const nextDay = () => {
      day += 86_400_000;
      return new Date(day).toISOString().slice(0, 10);
    };
    for (let cycle = 0; cycle < 3; cycle++) {
      cycles.push(texts.map(() => askOn(nextDay())));
    }
    for (const cycle of cycles) expect([...cycle].sort()).toEqual([...texts].sort());
    expect(cycles[1]).not.toEqual(cycles[0]);
    expect(cycles[2]).not.toEqual(cycles[1]);
    // The order is the cycle's seeded shuffle: the same bank and history give the same next question.
    const ids = new Map(bankRows().map((row) => [row.text, row.id]));
    const expected = [...texts].sort((a, b) => shuffleKey(3, ids.get(a)!).localeCompare(shuffleKey(3, ids.get(b)!)));
    expect(nextBankQuestion(db, onDay(nextDay()))?.text).toBe(expected[0]);
    addBankQuestion(db, "What made you smile this week?", sam);
    expect(askOn(nextDay())).toBe("What made you smile this week?");
  });
});

describe("asking and answering", () => {
  it("lists questions newest first with their answers", () => {
    expect(latestQuestion(db)).toBeNull();
    const older = askQuestion(db, { text: "Old one?", now: new Date("2026-01-01T09:00:00Z") });
    const newer = askQuestion(db, { text: "New one?", now: new Date("2026-01-02T09:00:00Z") });
    answerQuestion(
      db,
      { userId: sam, questionId: older.id, response: "Yes", now: new Date("2026-01-01T10:00:00Z") },
      economy,
    );

    expect(listQuestions(db)).toEqual([
      { id: newer.id, text: "New one?", askedAt: "2026-01-02T09:00:00.000Z", answers: [], revealed: false },
      {
        id: older.id,
        text: "Old one?",
        askedAt: "2026-01-01T09:00:00.000Z",
        answers: [{ username: "sam_r", response: "Yes", createdAt: "2026-01-01T10:00:00.000Z" }],
        revealed: false,
      },
    ]);
    expect(latestQuestion(db)?.id).toBe(newer.id);
  });

  it("replaces a second answer and rewards only the first", () => {
    const { id: questionId } = askQuestion(db, { text: "Favourite song?" });
    const before = balanceOf(db, { userId: alex });
    answerQuestion(db, { userId: alex, questionId, response: "Ours", now: new Date("2026-01-01T10:00:00Z") }, economy);
    const responses = answerQuestion(
      db,
      { userId: alex, questionId, response: "  Ours, obviously  ", now: new Date("2026-01-01T11:00:00Z") },
      economy,
    );

    expect(responses).toEqual([
      { username: "alex_d", response: "Ours, obviously", createdAt: "2026-01-01T11:00:00.000Z" },
    ]);
    expect(balanceOf(db, { userId: alex })).toBe(before + 5);
    expect(answerTransfers()).toEqual([{ amount: 5, reference: `answer:${questionId}:${alex}` }]);
    expect(outboxKinds()).toEqual(["answer_given", "answer_given"]);
  });

  it("queues the reveal exactly once, when both partners have answered", () => {
    const { id: questionId } = askQuestion(db, { text: "Dream trip?" });
    answerQuestion(db, { userId: alex, questionId, response: "Kyoto" }, economy);
    expect(outboxKinds()).not.toContain("answers_revealed");
    const responses = answerQuestion(db, { userId: sam, questionId, response: "Lisbon" }, economy);
    answerQuestion(db, { userId: sam, questionId, response: "Lisbon, then Porto" }, economy);

    expect(responses.map((r) => r.username)).toEqual(["alex_d", "sam_r"]);
    expect(outboxKinds().filter((kind) => kind === "answers_revealed")).toHaveLength(1);
    const revealed = db.$client.prepare("SELECT revealed_at FROM questions WHERE id = ?").get(questionId) as {
      revealed_at: string | null;
    };
    expect(revealed.revealed_at).not.toBeNull();
    expect(answerTransfers()).toHaveLength(2);
  });

  it("takes a reply edited in Discord while the bot was away after a guess changed alone on the web since", () => {
    const at = (time: string) => new Date(`2026-05-01T${time}:00.000Z`);
    const { id: questionId } = askQuestion(db, { text: "Favourite trip?", now: at("09:00") });
    // 10:00 Sam replies in Discord; at 10:05, the bot away, Sam edits the reply.
    giveAnswer(db, { userId: sam, questionId, response: "Lisbon", writtenAt: at("10:00"), now: at("10:00") }, economy);
    // 10:10 on the web, still showing "Lisbon", Sam adds a guess only.
    const shown = latestQuestion(db)!.answers[0]!.createdAt;
    giveAnswer(
      db,
      { userId: sam, questionId, response: "Lisbon", guess: "Rome", basedOn: shown, now: at("10:10") },
      economy,
    );
    // 10:15 the bot is back and reads the edit, written at 10:05: the newest words.
    giveAnswer(
      db,
      { userId: sam, questionId, response: "Lisbon and Porto", writtenAt: at("10:05"), now: at("10:15") },
      economy,
    );
    expect(latestQuestion(db)!.answers[0]!.response).toBe("Lisbon and Porto");
    // A reply written before the words now kept is still older: it changes nothing.
    giveAnswer(db, { userId: sam, questionId, response: "Lisbon?", writtenAt: at("10:01"), now: at("10:16") }, economy);
    expect(latestQuestion(db)!.answers[0]!.response).toBe("Lisbon and Porto");
  });

  it("refuses an unknown question or an empty or long answer, writing nothing", () => {
    const { id: questionId } = askQuestion(db, { text: "Best kiss?" });
    expect(() => answerQuestion(db, { userId: alex, questionId: 999, response: "Hi" }, economy)).toThrow(
      expect.objectContaining({ code: "not_found" }),
    );
    for (const response of ["   ", "x".repeat(301)]) {
      expect(() => answerQuestion(db, { userId: alex, questionId, response }, economy)).toThrow(
        expect.objectContaining({ code: "invalid" }),
      );
    }
    expect(latestQuestion(db)?.answers).toEqual([]);
    expect(outboxKinds()).toEqual([]);
    expect(answerTransfers()).toEqual([]);
  });

  it("pays nothing when the answer reward is zero", () => {
    const { id: questionId } = askQuestion(db, { text: "Comfort food?" });
    answerQuestion(db, { userId: alex, questionId, response: "Dal" }, { answerReward: 0 });
    expect(answerTransfers()).toEqual([]);
    expect(outboxKinds()).toEqual(["answer_given"]);
  });
});

describe("posting questions", () => {
  it("claims one daily question per day, hands it back (tried since its claim) until it is posted, then none", () => {
    seedQuestionBank(db, ["A?", "B?", "C?"]);
    const first = dailyQuestionToPost(db, "2026-05-01", anyCouple)!;
    expect(first.triedSince).toBeUndefined();
    expect(dailyQuestionToPost(db, "2026-05-01", anyCouple)).toEqual({
      ...first,
      triedSince: listQuestions(db)[0]!.askedAt,
    });
    recordQuestionMessage(db, first.id, "5001");
    expect(dailyQuestionToPost(db, "2026-05-01", anyCouple)).toBeNull();
    expect(questionIdByDiscordMessage(db, "5001")).toBe(first.id);
    const next = dailyQuestionToPost(db, "2026-05-02", anyCouple)!;
    expect(next.text).not.toBe(first.text);
    expect(listQuestions(db)).toHaveLength(2);
  });

  it("asks the next unused question on demand without taking the day's daily question", () => {
    seedQuestionBank(db, ["A?", "B?"]);
    const now = askNextQuestion(db, rules)!;
    const daily = dailyQuestionToPost(db, "2026-05-01", anyCouple)!;
    expect(daily.text).not.toBe(now.text);
  });

  it("adds a partner's question to the bank once, and asks it before used ones", () => {
    seedQuestionBank(db, ["A?"]);
    askNextQuestion(db, rules);
    addBankQuestion(db, "  What made you smile today?  ", alex);
    expect(refusalOf(() => addBankQuestion(db, "What made you smile today?", sam)).message).toBe(
      "That question is already in the bank.",
    );
    expect(refusalOf(() => addBankQuestion(db, " ", sam)).message).toBe("text: must not be empty");
    expect(askNextQuestion(db, rules)!.text).toBe("What made you smile today?");
  });

  it("has nothing to post from an empty bank", () => {
    expect(dailyQuestionToPost(db, "2026-05-01", anyCouple)).toBeNull();
    expect(askNextQuestion(db, rules)).toBeNull();
  });
});

describe("a daily question never posted on its day", () => {
  it("goes back to the bank unless answered; a posted one and today's are left alone", () => {
    seedQuestionBank(db, ["One?", "Two?", "Three?", "Four?"]);
    const posted = dailyQuestionToPost(db, "2026-05-01", anyCouple, new Date("2026-05-01T09:00:00Z"))!;
    recordQuestionMessage(db, posted.id, "1000");
    const unseen = dailyQuestionToPost(db, "2026-05-02", anyCouple, new Date("2026-05-02T09:00:00Z"))!;
    const answered = dailyQuestionToPost(db, "2026-05-03", anyCouple, new Date("2026-05-03T09:00:00Z"))!;
    answerQuestion(db, { userId: alex, questionId: answered.id, response: "On the web" }, economy);
    const today = dailyQuestionToPost(db, "2026-05-04", anyCouple, new Date("2026-05-04T09:00:00Z"))!;
    expect(unpostedEarlierDailyQuestions(db, "2026-05-04").map((q) => q.id)).toEqual([unseen.id, answered.id]);
    expect(withdrawUnpostedDailyQuestion(db, unseen.id)).toBe(true);
    expect(withdrawUnpostedDailyQuestion(db, answered.id)).toBe(false);
    expect(withdrawUnpostedDailyQuestion(db, posted.id)).toBe(false);
    expect(listQuestions(db).map((q) => q.id)).toEqual([today.id, answered.id, posted.id]);
    // Its bank question may be asked again.
    expect(bankRows().some((row) => row.text === unseen.text)).toBe(true);
    expect(nextBankQuestion(db, onDay("2026-05-05"))?.text).toBe(unseen.text);
  });
});
