import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { preparedFor } from "./prepared.js";
import type { Answer, Question } from "./questions.js";
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

const statements = preparedFor((db) => {
  const matches = sql`${questions.text} LIKE ${sql.placeholder("pattern")} ESCAPE '\\'`;
  const newestFirst = [desc(questions.askedAt), desc(questions.id)];
  const window = { limit: sql.placeholder("limit"), offset: sql.placeholder("offset") };
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
    page: db
      .select({ id: questions.id, text: questions.text, askedAt: questions.askedAt })
      .from(questions)
      .where(matches)
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset)
      .prepare(),
    // The same page's answers in one read (answers_one_per_user gives the order).
    answers: db
      .select({
        questionId: answers.questionId,
        username: users.responseName,
        response: answers.response,
        createdAt: answers.createdAt,
      })
      .from(answers)
      .innerJoin(users, eq(users.id, answers.userId))
      .where(sql`${answers.questionId} IN ${pageIds}`)
      .orderBy(asc(answers.questionId), asc(answers.userId))
      .prepare(),
  };
});

/**
 * One page of the asked questions whose text holds `search` (any case), newest first, with their
 * answers. A page past the end answers the last page; page 1 of nothing is empty with a page
 * count of 1.
 */
export function questionPage(db: Db, page: number, pageSize: number, search = ""): QuestionPage {
  const prepared = statements(db);
  const pattern = patternOf(search);
  const total = prepared.count.get({ pattern })?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const window = { pattern, limit: pageSize, offset: (current - 1) * pageSize };
  const byQuestion = new Map<number, Answer[]>();
  for (const { questionId, ...answer } of prepared.answers.all(window)) {
    const given = byQuestion.get(questionId);
    if (given) given.push(answer);
    else byQuestion.set(questionId, [answer]);
  }
  return {
    questions: prepared.page
      .all(window)
      .map((row) => ({ id: row.id, text: row.text, askedAt: row.askedAt, answers: byQuestion.get(row.id) ?? [] })),
    page: current,
    pageCount,
    total,
  };
}
