import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { listBounties, settleBountyDeadlines } from "./bounties.js";
import { inventoryPage, listInventory, listRedeemed, redeemedPage } from "./inventory.js";
import { announceOpenedLetters, laterLetterPage, laterLettersFor } from "./laterLetters.js";
import { latestMemory, listMemories } from "./memories.js";
import { memoryPage } from "./memoryPages.js";
import { trashPage } from "./memoryTrash.js";
import { nudgesToday } from "./nudges.js";
import { onThisDay } from "./onThisDay.js";
import { checkDatabase } from "./ops/healthCheck.js";
import { userForSession } from "./ops/sessions.js";
import { ourYear } from "./ourYear.js";
import { colorSchemeOf } from "./partnerSettings.js";
import { passkeyByCredentialId, passkeyCredentialsOf, passkeysOf, passkeyUserHandleOf } from "./passkeys.js";
import { listProducts, sellerPage, shopPage } from "./products.js";
import { questionPage } from "./questionPages.js";
import {
  guessRecord,
  latestQuestion,
  latestQuestionShownAt,
  latestRevealedQuestion,
  listQuestions,
  nextBankQuestion,
} from "./questions/index.js";
import { search } from "./search.js";
import { coupleStreak } from "./streak.js";
import { openTestDb } from "./test/testDb.js";
import { memoriesOfDay, timelineYear } from "./timeline.js";
import { listTransactions } from "./transactions.js";
import { visitsOverview } from "./visits.js";

/** Every read `work` prepares on the handle, as SQL (with `withCte`, the ones starting `WITH` too). */
function statementsPreparedBy(db: ReturnType<typeof openTestDb>["db"], work: () => void, withCte = false): string[] {
  const client = db.$client;
  const prepare = client.prepare.bind(client);
  const seen: string[] = [];
  client.prepare = ((source: string) => {
    seen.push(source);
    return prepare(source);
  }) as typeof client.prepare;
  try {
    work();
  } finally {
    client.prepare = prepare as typeof client.prepare;
  }
  return (
    seen
      .filter((source) => (withCte ? /^\s*(select|with|\()/i : /^\s*(select|\()/i).test(source))
      // The write version (untilWritten.ts) reads a pragma, no table.
      .filter((source) => !source.includes("pragma_data_version"))
  );
}

function planOf(db: ReturnType<typeof openTestDb>["db"], source: string): string[] {
  const placeholders = (source.match(/\?/g) ?? []).map(() => 1);
  const rows = db.$client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...placeholders) as { detail: string }[];
  return rows.map((row) => row.detail);
}

describe("the queries the pages run", () => {
  const pages: [string, (test: ReturnType<typeof openTestDb>) => void][] = [
    ["the products list", ({ db }) => listProducts(db)],
    ["the inventory", ({ db, sam }) => listInventory(db, sam)],
    ["the redeemed items", ({ db, sam }) => listRedeemed(db, sam)],
    ["a page of the Shop", ({ db, sam }) => shopPage(db, sam, 2, 5)],
    ["a page of one seller's listings", ({ db, sam }) => sellerPage(db, sam, 2, 5)],
    ["a page of the inventory", ({ db, sam }) => inventoryPage(db, sam, 2, 5)],
    ["a page of the redeemed items", ({ db, sam }) => redeemedPage(db, sam, 2, 5)],
    ["the questions list", ({ db }) => listQuestions(db)],
    ["the latest question", ({ db }) => latestQuestion(db)],
    [
      "the question /answer answers",
      ({ db }) => latestQuestionShownAt(db, { discordId: "1500000000000000000", at: new Date() }),
    ],
    ["the latest revealed question (/guess)", ({ db }) => latestRevealedQuestion(db)],
    ["a transactions page", ({ db, sam }) => listTransactions(db, sam, 2)],
    ["the memories list and the latest memory", ({ db }) => [listMemories(db), latestMemory(db)]],
    ["a page of the memory trash", ({ db }) => trashPage(db, 2, 5)],
    ["today's thoughts of you", ({ db, sam }) => nudgesToday(db, sam)],
    ["the couple's streak", ({ db }) => coupleStreak(db)],
    ["how well each knows the other", ({ db, sam }) => guessRecord(db, sam)],
    ["the bounties and their expiry check", ({ db }) => [listBounties(db), settleBountyDeadlines(db)]],
    [
      "a partner's passkeys and a passkey sign-in's lookup",
      ({ db, sam }) => [
        passkeysOf(db, sam),
        passkeyCredentialsOf(db, sam),
        passkeyUserHandleOf(db, sam),
        passkeyByCredentialId(db, "AAAA"),
      ],
    ],
    [
      "a year of the timeline and one day",
      ({ db }) => [
        timelineYear(db, 2026, new Date(), "Europe/London"),
        memoriesOfDay(db, "2026-03-12", 2, "Europe/London"),
      ],
    ],
  ];

  it.each(pages)("%s: every statement reads through an index, with no sort step", (_, page) => {
    const test = openTestDb();
    const statements = statementsPreparedBy(test.db, () => page(test));
    expect(statements.length).toBeGreaterThan(0);
    for (const source of statements) {
      const plan = planOf(test.db, source);
      const scansWithoutIndex = plan.filter((step) => /^SCAN /.test(step) && !/USING (COVERING )?INDEX/.test(step));
      expect({ source, scansWithoutIndex }).toEqual({ source, scansWithoutIndex: [] });
      expect({ source, plan: plan.filter((step) => step.includes("TEMP B-TREE")) }).toEqual({ source, plan: [] });
    }
  });

  it("picking the next bank question reads the whole bank once and counts its asks through questions_bank", () => {
    const { db } = openTestDb();
    const couple = { longDistance: false, livingTogether: false, pets: false, spicy: false };
    const statements = statementsPreparedBy(db, () => nextBankQuestion(db, { couple, day: "2026-05-01" }));
    const rotation = statements.find((source) => source.includes('"question_bank"'))!;
    expect(planOf(db, rotation).some((step) => /questions USING (COVERING )?INDEX questions_bank/.test(step))).toBe(
      true,
    );
  });

  it("letters for later: both lists and the opening check read later_letters through its indexes", () => {
    const { db, sam } = openTestDb();
    const statements = statementsPreparedBy(db, () => {
      laterLettersFor(db, sam);
      laterLetterPage(db, sam, { toYou: 2, fromYou: 2 }, 5);
      announceOpenedLetters(db);
    }).filter((source) => source.includes('"later_letters"'));
    const plans = statements.map((source) => planOf(db, source).join(" | "));
    expect(plans).toEqual([
      expect.stringMatching(/later_letters USING INDEX later_letters_to \(to_user_id=\?\)$/),
      expect.stringMatching(/later_letters USING INDEX later_letters_from \(from_user_id=\?\)$/),
      "SEARCH later_letters USING INTEGER PRIMARY KEY (rowid=?)",
      expect.stringMatching(/later_letters USING INDEX later_letters_to \(to_user_id=\?\)$/),
      expect.stringMatching(/later_letters USING INDEX later_letters_from \(from_user_id=\?\)$/),
      expect.stringMatching(/later_letters USING COVERING INDEX later_letters_to \(to_user_id=\?\)$/),
      expect.stringMatching(/later_letters USING INDEX later_letters_to \(to_user_id=\?\)$/),
      expect.stringMatching(/later_letters USING COVERING INDEX later_letters_from \(from_user_id=\?\)$/),
      expect.stringMatching(/later_letters USING INDEX later_letters_due \(opens_at>\? AND opens_at<\?\)/),
    ]);
  });

  it("the search reads each kind through its FTS index and its rows by key; the board page counts through memories_board_place", () => {
    const { db, alex } = openTestDb();
    const sources = statementsPreparedBy(db, () => search(db, { readerId: alex, sealing: true, text: "picnic" }), true);
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources) {
      const names = [...new Set(source.match(/@\w+/g) ?? [])].map((name) => name.slice(1));
      const bound = Object.fromEntries(names.map((name) => [name, name === "match" ? '"picnic"*' : 1]));
      const plan = (db.$client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(bound) as { detail: string }[]).map(
        (row) => row.detail,
      );
      // Only the FTS index is scanned (by its MATCH) and a count's few hundred matches at most; every row
      // is found by its key or an index.
      const plainScans = plan.filter(
        (step) =>
          /^SCAN /.test(step) &&
          !/^SCAN \(subquery-\d+\)$/.test(step) &&
          !/VIRTUAL TABLE INDEX|USING (COVERING )?INDEX/.test(step),
      );
      // The page comes in the index's order, newest saved first, with no sort step (the Christmas
      // letters, two rows at most, are read from their table first).
      if (!source.includes("count(*)") && !source.includes("FROM letters)"))
        expect({ source, plan }).toEqual({
          source,
          plan: expect.not.arrayContaining([expect.stringMatching(/TEMP B-TREE/)]),
        });
      expect({ source, plainScans }).toEqual({ source, plainScans: [] });
      if (source.includes("FROM memories WHERE deleted_at IS NULL")) {
        expect(plan.join(" | ")).toMatch(/COVERING INDEX memories_board_place/);
      }
    }
  });

  it("our year reads only the year's rows of each growing table, through an index", () => {
    const { db, alex } = openTestDb();
    const plans = statementsPreparedBy(db, () =>
      ourYear(db, { userId: alex, timeZone: "Asia/Kolkata", year: 2026 }),
    ).map((source) => planOf(db, source).join(" | "));
    const readOf = (table: string) => plans.filter((plan) => new RegExp(`\\b${table}\\b`).test(plan));
    expect(readOf("memories")).toContainEqual(
      expect.stringMatching(/SEARCH memories USING INDEX \w+ \(deleted_at=\? AND created_at>\? AND created_at<\?\)/),
    );
    // Answers by the year's questions (the month each was asked), each question's from its index.
    expect(readOf("answers")).toContainEqual(
      expect.stringContaining(
        "SEARCH questions USING COVERING INDEX questions_asked (asked_at>? AND asked_at<?) | SEARCH answers USING COVERING INDEX answers_one_per_user (question_id=?)",
      ),
    );
    expect(readOf("workouts")).toContainEqual(
      expect.stringContaining(
        "workouts USING COVERING INDEX workouts_user_created (user_id=? AND created_at>? AND created_at<?)",
      ),
    );
    // Earnings from the index alone; spending looks up each of the year's rows for its reference.
    expect(
      readOf("transfers").filter(
        (plan) => !plan.startsWith("SEARCH transfers USING COVERING INDEX transfers_created ("),
      ),
    ).toEqual([
      expect.stringMatching(/^SEARCH transfers USING INDEX transfers_created \(created_at>\? AND created_at<\?\)/),
      expect.stringMatching(/^SEARCH transfers USING COVERING INDEX transfers_created$/),
    ]);
    expect(readOf("transfers")).toContainEqual(
      expect.stringMatching(
        /^SEARCH transfers USING COVERING INDEX transfers_created \(created_at>\? AND created_at<\?\)/,
      ),
    );
    const growing = /\b(memories|answers|questions|workouts|transfers|visits|purchases|redemptions|bounties)\b/;
    const scans = plans
      .flatMap((plan) => plan.split(" | "))
      .filter((step) => /^SCAN /.test(step) && growing.test(step));
    expect(scans).toEqual([]);
  });

  it("forgetting expired Idempotency-Keys reads only through idempotency_keys_created", () => {
    const { db } = openTestDb();
    const plan = planOf(db, "DELETE FROM idempotency_keys WHERE created_at < ?");
    expect(plan).toEqual([expect.stringContaining("USING COVERING INDEX idempotency_keys_created (created_at<?)")]);
  });
});

describe("the reads every request and page runs", () => {
  const reads: [string, (test: ReturnType<typeof openTestDb>) => void][] = [
    ["the session check", ({ db }) => userForSession(db, demoCouple, "a token", new Date())],
    ["the partner's colours, in every session answer", ({ db, sam }) => colorSchemeOf(db, sam)],
    [
      "a page of the Shop and of one seller's listings",
      ({ db, sam }) => [shopPage(db, sam, 2, 5), sellerPage(db, sam, 2, 5)],
    ],
    [
      "a page of the inventory and of the redeemed items",
      ({ db, sam }) => [inventoryPage(db, sam, 2, 5), redeemedPage(db, sam, 2, 5)],
    ],
    [
      "a page of the memory board and on this day",
      ({ db }) => [memoryPage(db, 2, 5), onThisDay(db, new Date(), "Europe/London")],
    ],
    ["a page of the questions, searched or not", ({ db }) => [questionPage(db, 2, 5), questionPage(db, 1, 5, "smile")]],
    ["a page of the guessed questions", ({ db, sam }) => questionPage(db, 1, 5, "", sam)],
    [
      "the latest question and a transactions page",
      ({ db, sam }) => [latestQuestion(db), listTransactions(db, sam, 2)],
    ],
    [
      "the letters for later and the visits",
      ({ db, sam }) => [laterLetterPage(db, sam, { toYou: 2, fromYou: 2 }, 5), visitsOverview(db, sam, 2)],
    ],
    ["the bounties", ({ db }) => listBounties(db)],
    ["our year", ({ db, alex }) => ourYear(db, { userId: alex, timeZone: "Asia/Kolkata", year: 2026 })],
    [
      "a year of the timeline and one day",
      ({ db }) => [
        timelineYear(db, 2026, new Date(), "Europe/London"),
        memoriesOfDay(db, "2026-03-12", 2, "Europe/London"),
      ],
    ],
  ];

  // A bare `?` in a condition, LIMIT, OFFSET or LIKE made SQLite plan the statement again at every run.
  it.each(reads)("%s: every value is bound as `+?` (db's `param`)", (_, read) => {
    const test = openTestDb();
    const statements = statementsPreparedBy(test.db, () => read(test));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((source) => /(?<!\+)\?/.test(source))).toEqual([]);
  });
});

describe("the health check every backup runs", () => {
  it("reads no table once per row of another: no correlated subquery scans a table", () => {
    const test = openTestDb();
    const statements = statementsPreparedBy(test.db, () => checkDatabase(test.db));
    expect(statements.length).toBeGreaterThan(3);
    for (const source of statements) {
      const placeholders = (source.match(/\?/g) ?? []).map(() => 1);
      const steps = test.db.$client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...placeholders) as {
        id: number;
        parent: number;
        detail: string;
      }[];
      const parentOf = new Map(steps.map((step) => [step.id, step.parent]));
      const correlated = new Set(steps.filter((step) => step.detail.includes("CORRELATED")).map((step) => step.id));
      const insideCorrelated = (id: number): boolean => {
        for (let at = parentOf.get(id); at !== undefined && at !== 0; at = parentOf.get(at)) {
          if (correlated.has(at)) return true;
        }
        return false;
      };
      // A scan inside a correlated subquery runs once per outer row: quadratic over years of favours.
      const perRowScans = steps
        .filter((step) => /^SCAN /.test(step.detail) && insideCorrelated(step.id))
        .map((step) => step.detail);
      expect({ source, perRowScans }).toEqual({ source, perRowScans: [] });
    }
  });
});

describe("the Shop and Manage Products", () => {
  it("count and read products through products_shelf (everyone's) and products_seller_shelf (one seller's)", () => {
    const { db, sam } = openTestDb();
    const plans = statementsPreparedBy(db, () => {
      shopPage(db, sam, 2, 5);
      sellerPage(db, sam, 2, 5);
    }).map((source) => planOf(db, source).join(" | "));
    expect(plans).toEqual(
      expect.arrayContaining([
        "SEARCH products USING COVERING INDEX products_shelf (removed_at=?)",
        "SEARCH products USING COVERING INDEX products_seller_shelf (seller_id=? AND removed_at=?)",
        "SEARCH products USING INDEX products_shelf (removed_at=?) | SEARCH users USING INTEGER PRIMARY KEY (rowid=?)",
        expect.stringMatching(/SEARCH products USING INDEX products_seller_shelf \(seller_id=\? AND removed_at=\?\)$/),
      ]),
    );
  });
});
