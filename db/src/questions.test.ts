import { questionBank } from "@spankbank/shared/content/questionBank";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { balanceOf } from "./ledger.js";
import {
  addBankQuestion,
  answerQuestion,
  askNextQuestion,
  askQuestion,
  dailyQuestionToPost,
  latestQuestion,
  listQuestions,
  nextBankQuestion,
  questionIdByDiscordMessage,
  recordQuestionMessage,
  seedQuestionBank,
} from "./questions.js";
import { openTestDb, refusalOf } from "./test/testDb.js";

const economy = { answerReward: 5 };

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
  it("seeds the bundled bank once", () => {
    expect(seedQuestionBank(db, questionBank)).toBe(questionBank.length);
    expect(seedQuestionBank(db, questionBank)).toBe(0);
    const rows = db.$client.prepare("SELECT COUNT(*) AS n FROM question_bank WHERE source = 'bundled'").get();
    expect(rows).toEqual({ n: questionBank.length });
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
    const texts = db.$client.prepare("SELECT text FROM question_bank ORDER BY id").all();
    expect(texts).toEqual([{ text: "First?" }, { text: "Second?" }, { text: "Third?" }]);
  });

  it("picks a question never asked, then the one asked longest ago", () => {
    expect(nextBankQuestion(db)).toBeNull();
    seedQuestionBank(db, ["First?", "Second?", "Third?"]);
    const bank = db.$client.prepare("SELECT id, text FROM question_bank ORDER BY id").all() as {
      id: number;
      text: string;
    }[];
    askQuestion(db, { text: "Third?", bankId: bank[2]!.id, now: new Date("2026-01-01T09:00:00Z") });
    askQuestion(db, { text: "First?", bankId: bank[0]!.id, now: new Date("2026-01-02T09:00:00Z") });
    for (let i = 0; i < 10; i++) expect(nextBankQuestion(db)).toEqual(bank[1]);
    askQuestion(db, { text: "Second?", bankId: bank[1]!.id, now: new Date("2026-01-03T09:00:00Z") });
    expect(nextBankQuestion(db)).toEqual(bank[2]);
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
      { id: newer.id, text: "New one?", askedAt: "2026-01-02T09:00:00.000Z", answers: [] },
      {
        id: older.id,
        text: "Old one?",
        askedAt: "2026-01-01T09:00:00.000Z",
        answers: [{ username: "sam_r", response: "Yes", createdAt: "2026-01-01T10:00:00.000Z" }],
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
  it("claims one daily question per day, hands it back until it is posted, then none", () => {
    seedQuestionBank(db, ["A?", "B?", "C?"]);
    const first = dailyQuestionToPost(db, "2026-05-01")!;
    expect(dailyQuestionToPost(db, "2026-05-01")).toEqual(first);
    recordQuestionMessage(db, first.id, "5001");
    expect(dailyQuestionToPost(db, "2026-05-01")).toBeNull();
    expect(questionIdByDiscordMessage(db, "5001")).toBe(first.id);
    const next = dailyQuestionToPost(db, "2026-05-02")!;
    expect(next.text).not.toBe(first.text);
    expect(listQuestions(db)).toHaveLength(2);
  });

  it("asks the next unused question on demand without taking the day's daily question", () => {
    seedQuestionBank(db, ["A?", "B?"]);
    const now = askNextQuestion(db)!;
    const daily = dailyQuestionToPost(db, "2026-05-01")!;
    expect(daily.text).not.toBe(now.text);
  });

  it("adds a partner's question to the bank once, and asks it before used ones", () => {
    seedQuestionBank(db, ["A?"]);
    askNextQuestion(db);
    addBankQuestion(db, "  What made you smile today?  ", alex);
    expect(refusalOf(() => addBankQuestion(db, "What made you smile today?", sam)).message).toBe(
      "That question is already in the bank.",
    );
    expect(refusalOf(() => addBankQuestion(db, " ", sam)).message).toBe("text: must not be empty");
    expect(askNextQuestion(db)!.text).toBe("What made you smile today?");
  });

  it("has nothing to post from an empty bank", () => {
    expect(dailyQuestionToPost(db, "2026-05-01")).toBeNull();
    expect(askNextQuestion(db)).toBeNull();
  });
});
