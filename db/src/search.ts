import {
  MEMORIES_PER_PAGE,
  SEARCH_COUNT_MAX,
  SEARCH_RESULTS_PER_PAGE,
  SEARCH_SNIPPET_WORDS,
} from "@spankbank/shared/limits";
import type BetterSqlite3 from "better-sqlite3";
import type { Db } from "./client.js";
import { pageWindow } from "./paging.js";
import { preparedFor } from "./prepared.js";
import { type ExcerptPart, excerptParts, ftsQueryOf, MATCH_END, MATCH_START } from "./searchQuery.js";

export type { ExcerptPart } from "./searchQuery.js";

/** What a search looks through, in the order its groups are shown. */
export const SEARCH_KINDS = ["memory", "answer", "later_letter", "letter", "favour"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One thing found, with what places it (a memory's board page, an answer's question, a favour's name). */
export interface SearchHit {
  kind: SearchKind;
  id: number;
  excerpt: ExcerptPart[];
  username: string;
  createdAt: string;
  title?: string;
  questionId?: number;
  boardPage?: number;
}

export interface SearchGroup {
  kind: SearchKind;
  results: SearchHit[];
  /** What was found, counted up to SEARCH_COUNT_MAX. */
  total: number;
  /** More was found than was counted. */
  more: boolean;
  page: number;
  pageCount: number;
}

export interface SearchRequest {
  /** The signed-in partner: what they may read decides what they find. */
  readerId: number;
  /** `questions.revealAfterBothAnswered`: the partner's answer is found only once the reader answered too. */
  sealing: boolean;
  /** What they typed. */
  text: string;
  /** One kind alone; every kind without it. */
  kind?: SearchKind | undefined;
  page?: number | undefined;
}

interface Row {
  id: number;
  marked: string;
  username: string;
  createdAt: string;
  title?: string | null;
  questionId?: number | null;
  boardPage?: number;
}

/**
 * A kind's statements: `count` of what the reader may find, up to one more than SEARCH_COUNT_MAX,
 * and `page` of it, newest first.
 */
interface KindStatements {
  count: BetterSqlite3.Statement;
  page: BetterSqlite3.Statement;
}

const snippet = (table: string, column: number) =>
  `snippet(${table}, ${column}, '${MATCH_START}', '${MATCH_END}', '…', ${SEARCH_SNIPPET_WORDS})`;

/**
 * A kind's count and page, over its FTS index joined to the rows the reader may see (`visible`).
 * Newest first is newest saved first (the row's id, the index's own order): the index hands the
 * page over in one pass, stopping at its last row, and only the rows of the page are excerpted
 * (SQLite computes a row's columns past OFFSET only). A count stops one past what it shows.
 */
function kindStatements(
  sqlite: BetterSqlite3.Database,
  kind: { index: string; table: string; visible?: string; columns: string; excerpt: string; joins?: string },
): KindStatements {
  const from = `${kind.index} JOIN ${kind.table} t ON t.id = ${kind.index}.rowid`;
  const where = `${kind.index} MATCH +@match${kind.visible === undefined ? "" : ` AND (${kind.visible})`}`;
  return {
    count: sqlite
      .prepare(
        kind.visible === undefined
          ? `SELECT count(*) FROM (SELECT 1 FROM ${kind.index} WHERE ${kind.index} MATCH +@match LIMIT ${SEARCH_COUNT_MAX + 1})`
          : `SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${SEARCH_COUNT_MAX + 1})`,
      )
      .pluck(),
    page: sqlite.prepare(
      `SELECT t.id, ${kind.excerpt} AS marked, ${kind.columns}
       FROM ${from} ${kind.joins ?? ""}
       WHERE ${where}
       ORDER BY ${kind.index}.rowid DESC LIMIT +@limit OFFSET +@offset`,
    ),
  };
}

const statements = preparedFor((db) => {
  const sqlite = db.$client;
  const answers = (sealing: boolean) =>
    kindStatements(sqlite, {
      index: "answers_search",
      table: "answers",
      // Sealed: the partner's answer stays unfound until the reader has answered the same question.
      ...(sealing && {
        visible:
          "t.user_id = +@reader OR EXISTS (SELECT 1 FROM answers mine WHERE mine.question_id = t.question_id AND mine.user_id = +@reader)",
      }),
      columns: "u.response_name AS username, t.created_at AS createdAt, q.text AS title, q.id AS questionId",
      joins: "JOIN users u ON u.id = t.user_id JOIN questions q ON q.id = t.question_id",
      excerpt: snippet("answers_search", 0),
    });
  return {
    memory: kindStatements(sqlite, {
      index: "memories_search",
      table: "memories",
      // No condition: the index holds only the memories on the board (its triggers take the trash out).
      columns: "u.response_name AS username, t.created_at AS createdAt",
      joins: "JOIN users u ON u.id = t.user_id",
      excerpt: snippet("memories_search", 0),
    }),
    answerSealed: answers(true),
    answerOpen: answers(false),
    later_letter: kindStatements(sqlite, {
      index: "later_letters_search",
      table: "later_letters",
      // Yours always; one to you once you opened it (a sealed letter is never found early).
      visible: "t.from_user_id = +@reader OR (t.to_user_id = +@reader AND t.opened_at IS NOT NULL)",
      columns: "u.username AS username, t.created_at AS createdAt",
      joins: "JOIN users u ON u.id = t.from_user_id",
      excerpt: snippet("later_letters_search", 0),
    }),
    letter: kindStatements(sqlite, {
      index: "letters_search",
      table: "(SELECT id, from_user_id, to_user_id, text, updated_at AS created_at FROM letters)",
      // The Christmas letters: the one to you and the one you write.
      visible: "t.from_user_id = +@reader OR t.to_user_id = +@reader",
      columns: "u.username AS username, t.created_at AS createdAt",
      joins: "JOIN users u ON u.id = t.from_user_id",
      excerpt: snippet("letters_search", 0),
    }),
    favour: kindStatements(sqlite, {
      index: "products_search",
      table: "products",
      visible: "t.removed_at IS NULL",
      columns: "u.username AS username, t.created_at AS createdAt, t.name AS title",
      joins: "JOIN users u ON u.id = t.seller_id",
      excerpt: snippet("products_search", -1),
    }),
    /** How many memories on the board come before a memory (newest first), from one to the next. */
    memoriesBetween: sqlite
      .prepare(
        `SELECT count(*) FROM memories WHERE deleted_at IS NULL
           AND (created_at, id) > (+@createdAt, +@id) AND (created_at, id) <= (+@beforeCreatedAt, +@beforeId)`,
      )
      .pluck(),
    memoriesBefore: sqlite
      .prepare("SELECT count(*) FROM memories WHERE deleted_at IS NULL AND (created_at, id) > (+@createdAt, +@id)")
      .pluck(),
  };
});

function statementsOf(db: Db, kind: SearchKind, sealing: boolean): KindStatements {
  const all = statements(db);
  if (kind === "answer") return sealing ? all.answerSealed : all.answerOpen;
  return all[kind];
}

/**
 * Searches what the reader may read: memories on the board, answers (the partner's once sealed
 * no more), letters for later they wrote or opened, the Christmas letters and the favours on
 * offer. Each word also finds words it starts; accents and case are ignored. Each kind's page is
 * newest saved first; typed text with no word in it finds nothing.
 */
export function search(db: Db, request: SearchRequest): SearchGroup[] {
  const match = ftsQueryOf(request.text);
  const kinds = request.kind === undefined ? SEARCH_KINDS : [request.kind];
  return kinds.map((kind) => {
    if (match === null) return { kind, results: [], total: 0, more: false, page: 1, pageCount: 1 };
    const { count, page } = statementsOf(db, kind, request.sealing);
    const bound = { match, reader: request.readerId };
    const counted = count.get(bound) as number;
    const total = Math.min(counted, SEARCH_COUNT_MAX);
    const window = pageWindow(total, request.page ?? 1, SEARCH_RESULTS_PER_PAGE);
    const rows = total === 0 ? [] : (page.all({ ...bound, limit: window.limit, offset: window.offset }) as Row[]);
    if (kind === "memory") placeOnBoard(db, rows);
    return {
      kind,
      results: rows.map((row) => hitOf(kind, row)),
      total,
      more: counted > total,
      page: window.page,
      pageCount: window.pageCount,
    };
  });
}

/**
 * Each memory's board page (the board is in `created_at` order), counting the memories before it:
 * from the newest to the first found, then only between one found and the next, so the page costs
 * one walk down the board at most.
 */
function placeOnBoard(db: Db, rows: Row[]): void {
  const { memoriesBefore, memoriesBetween } = statements(db);
  const boardOrder = [...rows].sort((a, b) =>
    a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1,
  );
  let before = 0;
  let previous: Row | undefined;
  for (const row of boardOrder) {
    before += (
      previous === undefined
        ? memoriesBefore.get({ createdAt: row.createdAt, id: row.id })
        : memoriesBetween.get({
            createdAt: row.createdAt,
            id: row.id,
            beforeCreatedAt: previous.createdAt,
            beforeId: previous.id,
          })
    ) as number;
    row.boardPage = Math.floor(before / MEMORIES_PER_PAGE) + 1;
    previous = row;
  }
}

function hitOf(kind: SearchKind, row: Row): SearchHit {
  return {
    kind,
    id: row.id,
    excerpt: excerptParts(row.marked),
    username: row.username,
    createdAt: row.createdAt,
    ...(row.title == null ? {} : { title: row.title }),
    ...(row.questionId == null ? {} : { questionId: row.questionId }),
    ...(row.boardPage === undefined ? {} : { boardPage: row.boardPage }),
  };
}
