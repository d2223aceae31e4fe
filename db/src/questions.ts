import { createHash } from "node:crypto";
import type { CoupleConfig } from "@spankbank/shared/config";
import { answerBody } from "@spankbank/shared/contract/questions";
import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal, refuseUnless } from "./errors.js";
import { transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { preparedFor } from "./prepared.js";
import { answers, contentVersions, questionBank, questions, users } from "./schema.js";

export type BankQuestion = { id: number; text: string };

/** A partner's answer, attributed to their responseName. */
export interface Answer {
  username: string;
  response: string;
  createdAt: string;
}

/** A question put to the couple, with the answers given so far (in partner order). */
export interface Question {
  id: number;
  text: string;
  askedAt: string;
  answers: Answer[];
}

const statements = preparedFor((db) => {
  const answerColumns = {
    questionId: answers.questionId,
    username: users.responseName,
    response: answers.response,
    createdAt: answers.createdAt,
  };
  const givenAnswers = () => db.select(answerColumns).from(answers).innerJoin(users, eq(users.id, answers.userId));
  // Through questions_asked: newest first with no sort step.
  const newestFirst = () => db.select().from(questions).orderBy(desc(questions.askedAt), desc(questions.id));
  return {
    all: newestFirst().prepare(),
    latest: newestFirst().limit(1).prepare(),
    byId: db
      .select()
      .from(questions)
      .where(eq(questions.id, sql.placeholder("id")))
      .prepare(),
    // answers_one_per_user gives this order: no sort step.
    everyAnswer: givenAnswers().orderBy(asc(answers.questionId), asc(answers.userId)).prepare(),
    answersTo: givenAnswers()
      .where(eq(answers.questionId, sql.placeholder("questionId")))
      .orderBy(asc(answers.userId))
      .prepare(),
    previousAnswer: db
      .select({ id: answers.id })
      .from(answers)
      .where(and(eq(answers.questionId, sql.placeholder("questionId")), eq(answers.userId, sql.placeholder("userId"))))
      .prepare(),
    answerCount: db
      .select({ n: count() })
      .from(answers)
      .where(eq(answers.questionId, sql.placeholder("questionId")))
      .prepare(),
  };
});

/**
 * Puts the bundled questions into the bank; questions already there are left alone. Skipped,
 * with a single read, when this same bank was synced before (a hash of it is kept), so a start
 * does not upsert every question again. Returns how many questions were added.
 */
export function seedQuestionBank(db: Db, bank: readonly string[], now = new Date()): number {
  const hash = createHash("sha256").update(JSON.stringify(bank)).digest("hex");
  const synced = () =>
    db
      .select({ hash: contentVersions.hash })
      .from(contentVersions)
      .where(eq(contentVersions.name, "question_bank"))
      .get();
  if (synced()?.hash === hash) return 0;
  return inTransaction(db, (tx) => {
    if (synced()?.hash === hash) return 0;
    let added = 0;
    for (const text of bank) {
      added += tx.insert(questionBank).values({ text, source: "bundled" }).onConflictDoNothing().run().changes;
    }
    const version = { hash, syncedAt: isoNow(now) };
    tx.insert(contentVersions)
      .values({ name: "question_bank", ...version })
      .onConflictDoUpdate({ target: contentVersions.name, set: version })
      .run();
    return added;
  });
}

/**
 * The bank question to ask next: one never asked, chosen at random; once every one has been
 * asked, the one asked longest ago. Null only for an empty bank.
 */
export function nextBankQuestion(db: Db): BankQuestion | null {
  const asked = db
    .select({ bankId: questions.bankId, lastAsked: max(questions.askedAt).as("last_asked") })
    .from(questions)
    .groupBy(questions.bankId)
    .as("asked");
  const row = db
    .select({ id: questionBank.id, text: questionBank.text })
    .from(questionBank)
    .leftJoin(asked, eq(asked.bankId, questionBank.id))
    .orderBy(sql`${asked.lastAsked} IS NOT NULL`, asc(asked.lastAsked), sql`random()`)
    .limit(1)
    .get();
  return row ?? null;
}

export interface AskedQuestion {
  text: string;
  bankId?: number;
  discordMessageId?: string;
  now?: Date;
}

/** Records that a question was put to the couple (the daily one, or one asked on demand). */
export function askQuestion(db: Db, asked: AskedQuestion): Question {
  const text = asked.text.trim();
  if (text.length === 0) throw new Refusal("invalid", "question: must not be empty");
  const row = db
    .insert(questions)
    .values({ text, bankId: asked.bankId, discordMessageId: asked.discordMessageId, askedAt: isoNow(asked.now) })
    .returning()
    .get();
  return { id: row.id, text: row.text, askedAt: row.askedAt, answers: [] };
}

/** The question asked most recently, with its answers; null before the first one. */
export function latestQuestion(db: Db): Question | null {
  const row = statements(db).latest.get();
  return row ? { id: row.id, text: row.text, askedAt: row.askedAt, answers: answersTo(db, row.id) } : null;
}

/** Every asked question, newest first, with its answers. */
export function listQuestions(db: Db): Question[] {
  const prepared = statements(db);
  const byQuestion = new Map<number, Answer[]>();
  for (const { questionId, ...answer } of prepared.everyAnswer.all()) {
    const given = byQuestion.get(questionId);
    if (given) given.push(answer);
    else byQuestion.set(questionId, [answer]);
  }
  return prepared.all
    .all()
    .map((row) => ({ id: row.id, text: row.text, askedAt: row.askedAt, answers: byQuestion.get(row.id) ?? [] }));
}

export interface NewAnswer {
  userId: number;
  questionId: number;
  response: string;
  now?: Date;
}

/**
 * A partner's answer: one per partner per question, a second one replaces the first. Only the
 * first earns the answer reward. When both partners have answered, the reveal is queued once.
 * Returns that question's answers.
 */
export function answerQuestion(
  db: Db,
  answer: NewAnswer,
  economy: Pick<CoupleConfig["economy"], "answerReward">,
): Answer[] {
  const { response } = refuseUnless(answerBody.pick({ response: true }), { response: answer.response }, "answer");
  const now = answer.now ?? new Date();
  const { questionId, userId } = answer;
  return inTransaction(db, (tx) => {
    const prepared = statements(tx);
    const question = prepared.byId.get({ id: questionId });
    if (!question) throw new Refusal("not_found", `No question with id ${questionId}`);
    const previous = prepared.previousAnswer.get({ questionId, userId });
    if (previous) {
      tx.update(answers)
        .set({ response, createdAt: isoNow(now) })
        .where(eq(answers.id, previous.id))
        .run();
    } else {
      tx.insert(answers)
        .values({ questionId, userId, response, createdAt: isoNow(now) })
        .run();
    }
    const reward = !previous && economy.answerReward > 0 ? economy.answerReward : 0;
    if (reward > 0) {
      transfer(tx, {
        from: "mint",
        to: { userId },
        amount: reward,
        kind: "answer",
        reference: `answer:${questionId}:${userId}`,
        memo: `Answered "${clip(question.text, 80)}"`,
        now,
      });
    }
    // The answer itself stays out of the event: both are revealed together once both are in.
    enqueueEvent(tx, "answer_given", { questionId, userId, replaced: previous !== undefined, reward }, now);
    const answered = prepared.answerCount.get({ questionId })!.n;
    if (answered >= 2 && question.revealedAt === null) {
      tx.update(questions)
        .set({ revealedAt: isoNow(now) })
        .where(eq(questions.id, questionId))
        .run();
      enqueueEvent(tx, "answers_revealed", { questionId }, now);
    }
    return answersTo(tx, questionId);
  });
}

function answersTo(db: Db, questionId: number): Answer[] {
  return statements(db)
    .answersTo.all({ questionId })
    .map(({ username, response, createdAt }) => ({ username, response, createdAt }));
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
