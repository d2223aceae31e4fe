import { asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { pageWindow } from "./paging.js";
import { param, preparedFor, rowsOf } from "./prepared.js";
import {
  type Answer,
  answerOf,
  answerWithGuessColumns,
  guessOfAnswer,
  type Question,
  questionOf,
} from "./questions/asking.js";
import { answers, guesses, questions, users } from "./schema.js";

export interface QuestionPage {
  questions: Question[];
  page: number;
  pageCount: number;
  total: number;
}

/** `search` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally. */
function patternOf(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const pageColumns = {
  id: questions.id,
  text: questions.text,
  askedAt: questions.askedAt,
  revealedAt: questions.revealedAt,
};

/** The page's questions, all or only those with a guess the reader may see ("guessed"). */
function pageStatements(db: Db, filter: SQL | undefined) {
  const matches = filter
    ? sql`${questions.text} LIKE ${param("pattern")} ESCAPE '\\' AND ${filter}`
    : sql`${questions.text} LIKE ${param("pattern")} ESCAPE '\\'`;
  const newestFirst = [desc(questions.askedAt), desc(questions.id)];
  const window = { limit: param("limit"), offset: param("offset") };
  // Through questions_asked: newest first with no sort step.
  const pageIds = db
    .select({ id: questions.id })
    .from(questions)
    .where(matches)
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset);
  return {
    count: db.select({ total: count() }).from(questions).where(matches).prepare(),
    // Without a search: counted from an index, not from every question's text.
    countAll: db.select({ total: count() }).from(questions).prepare(),
    page: db
      .select(pageColumns)
      .from(questions)
      .where(matches)
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset)
      .prepare(),
    // The same page's answers in one read (answers_one_per_user gives the order).
    answers: db
      .select(answerWithGuessColumns)
      .from(answers)
      .innerJoin(users, eq(users.id, answers.userId))
      .leftJoin(guesses, guessOfAnswer)
      .where(sql`${answers.questionId} IN ${pageIds}`)
      .orderBy(asc(answers.questionId), asc(answers.userId))
      .prepare(),
  };
}

/** A guess on the question the reader may see: their own, or either once both have answered. */
const guessSeen = sql`EXISTS (SELECT 1 FROM ${guesses} WHERE ${guesses.questionId} = ${questions.id}
  AND (${questions.revealedAt} IS NOT NULL OR ${guesses.userId} = ${param("reader")}))`;

const statements = preparedFor((db) => pageStatements(db, undefined));
const guessedStatements = preparedFor((db) => pageStatements(db, guessSeen));

const rowsFor = (of: typeof statements) =>
  preparedFor((db) => ({
    page: rowsOf(of(db).page, pageColumns),
    answers: rowsOf(of(db).answers, answerWithGuessColumns),
  }));
const rows = rowsFor(statements);
const guessedRows = rowsFor(guessedStatements);

/**
 * One page of the asked questions whose text holds `search` (any case), newest first, with their
 * answers. A page past the end answers the last page; page 1 of nothing is empty with a page
 * count of 1.
 */
export function questionPage(
  db: Db,
  page: number,
  pageSize: number,
  search = "",
  /** Only the questions with a guess this partner may see (theirs, or any once revealed). */
  guessedFor?: number,
): QuestionPage {
  const guessed = guessedFor !== undefined;
  const prepared = (guessed ? guessedStatements : statements)(db);
  const pattern = patternOf(search);
  const reader = guessed ? { reader: guessedFor } : {};
  const total =
    (search === "" && !guessed ? prepared.countAll.get() : prepared.count.get({ pattern, ...reader }))?.total ?? 0;
  const { page: current, pageCount, limit, offset } = pageWindow(total, page, pageSize);
  const window = { pattern, limit, offset, ...reader };
  const byQuestion = new Map<number, Answer[]>();
  const read = (guessed ? guessedRows : rows)(db);
  for (const { questionId, ...answer } of read.answers(window)) {
    const given = byQuestion.get(questionId);
    if (given) given.push(answerOf(answer));
    else byQuestion.set(questionId, [answerOf(answer)]);
  }
  return {
    questions: read.page(window).map((row) => ({ ...questionOf(row), answers: byQuestion.get(row.id) ?? [] })),
    page: current,
    pageCount,
    total,
  };
}
