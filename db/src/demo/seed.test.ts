import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { instantAt } from "@spankbank/shared/calendar";
import { bundledQuestions } from "@spankbank/shared/content/questionBank";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { partnerStateAt } from "@spankbank/shared/eachOthersDay";
import { calendarDate } from "@spankbank/shared/quoteOfTheDay";
import { describe, expect, it } from "vitest";
import { openDb } from "../client.js";
import { syncCouple } from "../couple.js";
import { balanceOf, checkLedger } from "../ledger.js";
import { letterTo } from "../letters.js";
import { listMemories } from "../memories.js";
import { onThisDay } from "../onThisDay.js";
import { listProducts } from "../products.js";
import { listQuestions, questionFits } from "../questions/index.js";
import { DEMO_ANSWERS, DEMO_PRODUCTS, DEMO_VISIT, DEMO_WELCOME_DAYS_AGO, seedDemoData } from "./seed.js";

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

  it("seeds every answer with its own question: a bundled question that fits a long-distance couple", () => {
    const db = seededDb();
    const asked = new Map(
      listQuestions(db).map((q) => [q.text, q.answers.map((a) => [a.username, a.response] as const)] as const),
    );
    for (const [, text, first, second] of DEMO_ANSWERS) {
      const expected = [["alex_d", first] as const, ...(second ? [["sam_r", second] as const] : [])];
      expect(asked.get(text), text).toEqual(expected);
      const bundled = bundledQuestions.find((q) => q.text === text);
      expect(bundled, text).toBeDefined();
      expect(bundled!.season, text).toBeUndefined();
      expect(questionFits(bundled!.tags, demoCouple.couple), text).toBe(true);
    }
    // Each asked question is tied to its bank question, so the rotation does not ask it again soon.
    expect(count(db, "SELECT count(*) AS n FROM questions WHERE bank_id IS NULL")).toBe(0);
  });

  it("dates all its history after the app's welcome and before the demo starts", () => {
    const db = seededDb();
    const start = Date.parse("2026-11-21T12:00:00Z");
    const welcome = (
      db.$client.prepare("SELECT min(created_at) AS at FROM transfers WHERE memo = 'Welcome to Spank Bank'").get() as {
        at: string;
      }
    ).at;
    expect(Date.parse(welcome)).toBe(start - DEMO_WELCOME_DAYS_AGO * 86_400_000);
    const history = [
      "memories",
      "questions",
      "answers",
      "transfers",
      "products",
      "purchases",
      "redemptions",
      "letters",
    ];
    const dated: string[] = [];
    for (const table of history) {
      const columns = (db.$client.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((name) => name.endsWith("_at"));
      expect(columns.length, table).toBeGreaterThan(0);
      for (const column of columns) {
        const outside = db.$client
          .prepare(`SELECT ${column} AS at FROM ${table} WHERE ${column} < ? OR ${column} > ?`)
          .all(welcome, new Date(start).toISOString());
        expect(outside, `${table}.${column}`).toEqual([]);
        dated.push(`${table}.${column}`);
      }
    }
    expect(dated).toContain("answers.created_at");
  });

  it("redeems a favour that needs the two of you in one place only during Sam's visit", () => {
    const db = seededDb();
    const start = Date.parse("2026-11-21T12:00:00Z");
    const redeemed = db.$client.prepare("SELECT name, redeemed_at AS at FROM redemptions").all() as {
      name: string;
      at: string;
    }[];
    expect(redeemed.length).toBeGreaterThanOrEqual(3);
    const [from, to] = DEMO_VISIT.map((daysAgo) => start - daysAgo * 86_400_000);
    for (const { name, at } of redeemed) {
      const inPerson = DEMO_PRODUCTS.find((product) => product[1] === name)![5];
      if (inPerson) expect(Date.parse(at), name).toBeGreaterThanOrEqual(from!);
      if (inPerson) expect(Date.parse(at), name).toBeLessThanOrEqual(to!);
    }
    expect(redeemed.some(({ name }) => DEMO_PRODUCTS.find((product) => product[1] === name)![5])).toBe(true);
  });

  it("logs Sam's visit and plans the next one a few weeks away, with the in-person favours waiting for it", () => {
    const db = seededDb();
    const visits = db.$client.prepare("SELECT start_date, end_date, place FROM visits ORDER BY start_date").all();
    expect(visits).toHaveLength(2);
    const inPerson = db.$client
      .prepare("SELECT name FROM products WHERE in_person = 1 ORDER BY name")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(inPerson).toEqual(
      DEMO_PRODUCTS.filter((product) => product[5])
        .map((product) => product[1])
        .sort(),
    );
  });

  it("says nothing about the time difference that India and Florida make impossible", () => {
    const db = seededDb();
    const texts = [
      ...listMemories(db).map((m) => m.message),
      letterTo(db, count(db, "SELECT id AS n FROM users WHERE username = 'alex'"))!.text,
      letterTo(db, count(db, "SELECT id AS n FROM users WHERE username = 'sam'"))!.text,
    ];
    // India is 9.5 or 10.5 hours from Florida: never "eleven time zones", never lunch at a Florida sunrise.
    const impossible = [/eleven time zones/i, /three in the morning/i, /3 ?am/i, /lunch time in India/i, /monsoon/i];
    expect(texts.filter((text) => impossible.some((pattern) => pattern.test(text)))).toEqual([]);
  });

  it.each(["2026-11-21T12:00:00Z", "2026-11-20T22:00:00Z", "2026-07-04T03:45:00Z"])(
    "asks each question at the daily question's time, and has each answer and memory written while its writer is awake (start %s)",
    (start) => {
      const db = openDb(join(mkdtempSync(join(tmpdir(), "spankbank-seed-")), "demo.db"));
      syncCouple(db, demoCouple);
      seedDemoData(db, demoCouple, new Date(start));
      const { time, timeZone } = demoCouple.dailyQuestion;
      const asked = (db.$client.prepare("SELECT asked_at AS at FROM questions").all() as { at: string }[]).map(
        ({ at }) => new Date(at),
      );
      expect(
        asked.filter((at) => instantAt(calendarDate(at, timeZone), time, timeZone).getTime() !== at.getTime()),
      ).toEqual([]);
      const written = db.$client
        .prepare(
          `SELECT u.username, m.created_at AS at, 'memory' AS kind FROM memories m JOIN users u ON u.id = m.user_id
           UNION ALL SELECT u.username, a.created_at, 'answer' FROM answers a JOIN users u ON u.id = a.user_id`,
        )
        .all() as { username: string; at: string; kind: string }[];
      const asleep = written.filter(({ username, at }) => {
        const partner = demoCouple.partners.find((p) => p.username === username)!;
        return partnerStateAt(partner, new Date(at)) === "probably asleep";
      });
      expect(written.length).toBeGreaterThan(20);
      expect(asleep).toEqual([]);
      // Not all at one clock time carried over from the start: a start at another hour writes the same local times.
      expect(new Set(asked.map((at) => at.toISOString().slice(11, 16)))).toEqual(new Set(["03:30"]));
    },
  );

  it("says nothing the demo story contradicts: Alex never went to Florida, the couple has been together since 2024, the next visit spans this Christmas", () => {
    const db = seededDb();
    const { anniversary } = demoCouple;
    expect(anniversary).toMatch(/^2024-/);
    const alexSays = [
      ...(db.$client
        .prepare("SELECT a.response AS text FROM answers a JOIN users u ON u.id = a.user_id WHERE u.username = 'alex'")
        .all() as { text: string }[]),
      ...(db.$client
        .prepare("SELECT m.message AS text FROM memories m JOIN users u ON u.id = m.user_id WHERE u.username = 'alex'")
        .all() as { text: string }[]),
    ].map(({ text }) => text);
    expect(alexSays.filter((text) => /your kitchen|your place|in Florida with you/i.test(text))).toEqual([]);
    const everything = [
      ...listMemories(db).map((m) => m.message),
      ...listQuestions(db).flatMap((q) => q.answers.map((a) => a.response)),
      letterTo(db, count(db, "SELECT id AS n FROM users WHERE username = 'alex'"))!.text,
      letterTo(db, count(db, "SELECT id AS n FROM users WHERE username = 'sam'"))!.text,
    ];
    // The app's history is eight months; the couple's firsts came years before it.
    const firsts = /our first (video call|trip|date|kiss)|first said i love you/i;
    expect(everything.filter((text) => firsts.test(text) || /next christmas/i.test(text))).toEqual([]);
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
      expect(today.memories.some((m) => m.monthsAgo >= 6)).toBe(true);
      expect(new Set(today.answers.map((a) => a.username))).toEqual(new Set(["alex_d", "sam_r"]));
      expect(checkLedger(db)).toEqual([]);
    },
  );
});
