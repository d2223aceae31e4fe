import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { pageWindow } from "./paging.js";
import { param, preparedFor, rowsOf } from "./prepared.js";
import type { Answer, Question } from "./questions/index.js";
import { answers, questions, users } from "./schema.js";

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

const pageColumns = { id: questions.id, text: questions.text, askedAt: questions.askedAt };
const answerColumns = {
  questionId: answers.questionId,
  username: users.responseName,
  response: answers.response,
  createdAt: answers.createdAt,
};

const statements = preparedFor((db) => {
  const matches = sql`${questions.text} LIKE ${param("pattern")} ESCAPE '\\'`;
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
      .select(answerColumns)
      .from(answers)
      .innerJoin(users, eq(users.id, answers.userId))
      .where(sql`${answers.questionId} IN ${pageIds}`)
      .orderBy(asc(answers.questionId), asc(answers.userId))
      .prepare(),
  };
});

const rows = preparedFor((db) => ({
  page: rowsOf(statements(db).page, pageColumns),
  answers: rowsOf(statements(db).answers, answerColumns),
}));

/**
 * One page of the asked questions whose text holds `search` (any case), newest first, with their
 * answers. A page past the end answers the last page; page 1 of nothing is empty with a page
 * count of 1.
 */
export function questionPage(db: Db, page: number, pageSize: number, search = ""): QuestionPage {
  const prepared = statements(db);
  const pattern = patternOf(search);
  const total = (search === "" ? prepared.countAll.get() : prepared.count.get({ pattern }))?.total ?? 0;
  const { page: current, pageCount, limit, offset } = pageWindow(total, page, pageSize);
  const window = { pattern, limit, offset };
  const byQuestion = new Map<number, Answer[]>();
  const read = rows(db);
  for (const { questionId, ...answer } of read.answers(window)) {
    const given = byQuestion.get(questionId);
    if (given) given.push(answer);
    else byQuestion.set(questionId, [answer]);
  }
  return {
    questions: read
      .page(window)
      .map((row) => ({ id: row.id, text: row.text, askedAt: row.askedAt, answers: byQuestion.get(row.id) ?? [] })),
    page: current,
    pageCount,
    total,
  };
}
