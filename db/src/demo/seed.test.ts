import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { openDb } from "../client.js";
import { syncCouple } from "../couple.js";
import { balanceOf, checkLedger } from "../ledger.js";
import { letterTo } from "../letters.js";
import { listMemories } from "../memories.js";
import { onThisDay } from "../onThisDay.js";
import { listProducts } from "../products.js";
import { listQuestions } from "../questions.js";
import { seedDemoData } from "./seed.js";

function seededDb() {
  const db = openDb(join(mkdtempSync(join(tmpdir(), "spankbank-seed-")), "demo.db"));
  syncCouple(db, demoCouple);
  expect(seedDemoData(db, demoCouple, new Date("2026-11-21T12:00:00Z"))).toBe(true);
  return db;
}

const count = (db: ReturnType<typeof openDb>, sql: string) => (db.$client.prepare(sql).get() as { n: number }).n;

describe("demo seed", () => {
  it("writes at least 12 memories from both partners over several months", () => {
    const db = seededDb();
    const memories = listMemories(db);
    expect(memories.length).toBeGreaterThanOrEqual(12);
    expect(new Set(memories.map((m) => m.username))).toEqual(new Set(["alex_d", "sam_r"]));
    const days = (Date.parse(memories[0]!.createdAt) - Date.parse(memories.at(-1)!.createdAt)) / 86_400_000;
    expect(days).toBeGreaterThan(90);
  });

  it("asks at least 5 questions, with answers from each partner", () => {
    const db = seededDb();
    const questions = listQuestions(db);
    expect(questions.length).toBeGreaterThanOrEqual(5);
    const answerers = questions.flatMap((q) => q.answers.map((r) => r.username));
    expect(answerers.filter((u) => u === "alex_d").length).toBeGreaterThanOrEqual(2);
    expect(answerers.filter((u) => u === "sam_r").length).toBeGreaterThanOrEqual(2);
    expect(count(db, "SELECT count(*) AS n FROM question_bank")).toBeGreaterThanOrEqual(365);
  });

  it("lists products from both partners", () => {
    const db = seededDb();
    expect(new Set(listProducts(db).map((p) => p.sellerUsername))).toEqual(new Set(["alex", "sam"]));
  });

  it("awards each partner at least 100 spanks through the ledger, whose invariants hold", () => {
    const db = seededDb();
    for (const username of ["alex", "sam"]) {
      const credited = count(
        db,
        `SELECT COALESCE(SUM(t.amount), 0) AS n FROM transfers t JOIN accounts a ON a.id = t.credit_account_id
         WHERE a.name = 'user:${username}' AND t.debit_account_id = (SELECT id FROM accounts WHERE name = 'mint')`,
      );
      expect(credited).toBeGreaterThanOrEqual(100);
      const id = count(db, `SELECT id AS n FROM users WHERE username = '${username}'`);
      expect(balanceOf(db, { userId: id })).toBeGreaterThan(0);
    }
    expect(checkLedger(db)).toEqual([]);
    expect(count(db, "SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL")).toBe(0);
  });

  it("has each partner's Christmas letter to the other written, signed by its writer", () => {
    const db = seededDb();
    const id = (username: string) => count(db, `SELECT id AS n FROM users WHERE username = '${username}'`);
    expect(letterTo(db, id("alex"))?.text).toMatch(/^Alex, my love,[\s\S]+\nSam$/);
    expect(letterTo(db, id("sam"))?.text).toMatch(/^My dearest Sam,[\s\S]+\nAlex$/);
  });

  it("does nothing on a database that already has history", () => {
    const db = seededDb();
    const before = count(db, "SELECT count(*) AS n FROM transfers") + count(db, "SELECT count(*) AS n FROM memories");
    expect(seedDemoData(db, demoCouple)).toBe(false);
    expect(count(db, "SELECT count(*) AS n FROM transfers") + count(db, "SELECT count(*) AS n FROM memories")).toBe(
      before,
    );
  });

  it.each(["2026-11-21T12:00:00Z", "2026-03-31T02:00:00Z", "2026-03-29T20:00:00Z", "2028-02-29T10:00:00Z"])(
    "gives 'On this day' memories and answers whatever day the demo starts (%s)",
    (start) => {
      const db = openDb(join(mkdtempSync(join(tmpdir(), "spankbank-seed-")), "demo.db"));
      syncCouple(db, demoCouple);
      seedDemoData(db, demoCouple, new Date(start));
      const today = onThisDay(db, new Date(start), demoCouple.dailyQuestion.timeZone);
      expect(today.memories.length).toBeGreaterThanOrEqual(2);
      expect(today.memories.some((m) => m.monthsAgo >= 12)).toBe(true);
      expect(new Set(today.answers.map((a) => a.username))).toEqual(new Set(["alex_d", "sam_r"]));
      expect(checkLedger(db)).toEqual([]);
    },
  );
});
