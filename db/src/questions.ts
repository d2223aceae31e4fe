import type { CoupleConfig } from "@spankbank/shared/config";
import { answerBody, type Question, type Response } from "@spankbank/shared/contract/questions";
import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal, refuseUnless } from "./errors.js";
import { transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { answers, questionBank, questions, users } from "./schema.js";

export type BankQuestion = { id: number; text: string };

/** Puts the bundled questions into the bank; questions already there are left alone. */
export function seedQuestionBank(db: Db, bank: readonly string[]): number {
  return inTransaction(db, (tx) => {
    let added = 0;
    for (const text of bank) {
      added += tx.insert(questionBank).values({ text, source: "bundled" }).onConflictDoNothing().run().changes;
    }
    return added;
  });
}

/**
 * The bank question to ask next: one never asked, chosen at random; once every one has been
 * asked, the one asked longest ago. Null only for an empty bank.
 */
export function nextBankQuestion(db: Db | Tx): BankQuestion | null {
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
  return { question_id: row.id, question: row.text, asked_at: row.askedAt, responses: [] };
}

/** The question asked most recently, with its answers; null before the first one. */
export function latestQuestion(db: Db | Tx): Question | null {
  return questionsWithResponses(db, 1)[0] ?? null;
}

/** One asked question with its answers and its Discord message; null for an unknown id. */
export function questionById(db: Db | Tx, id: number): (Question & { discordMessageId: string | null }) | null {
  const row = db.select().from(questions).where(eq(questions.id, id)).get();
  if (!row) return null;
  return {
    question_id: row.id,
    question: row.text,
    asked_at: row.askedAt,
    responses: responsesTo(db, [row.id]).get(row.id) ?? [],
    discordMessageId: row.discordMessageId,
  };
}

/** Every asked question, newest first, with its answers. */
export function listQuestions(db: Db | Tx): Question[] {
  return questionsWithResponses(db);
}

export interface Answer {
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
  answer: Answer,
  economy: Pick<CoupleConfig["economy"], "answerReward">,
): Response[] {
  const { response } = refuseUnless(answerBody.pick({ response: true }), { response: answer.response }, "answer");
  const now = answer.now ?? new Date();
  const { questionId, userId } = answer;
  return inTransaction(db, (tx) => {
    const question = tx.select().from(questions).where(eq(questions.id, questionId)).get();
    if (!question) throw new Refusal("not_found", `No question with id ${questionId}`);
    const previous = tx
      .select({ id: answers.id })
      .from(answers)
      .where(and(eq(answers.questionId, questionId), eq(answers.userId, userId)))
      .get();
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
    const answered = tx.select({ n: count() }).from(answers).where(eq(answers.questionId, questionId)).get()!.n;
    if (answered >= 2 && question.revealedAt === null) {
      tx.update(questions)
        .set({ revealedAt: isoNow(now) })
        .where(eq(questions.id, questionId))
        .run();
      enqueueEvent(tx, "answers_revealed", { questionId }, now);
    }
    return responsesTo(tx, [questionId]).get(questionId) ?? [];
  });
}

function questionsWithResponses(db: Db | Tx, limit?: number): Question[] {
  const query = db.select().from(questions).orderBy(desc(questions.askedAt), desc(questions.id));
  const rows = limit === undefined ? query.all() : query.limit(limit).all();
  const responses = responsesTo(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    question_id: row.id,
    question: row.text,
    asked_at: row.askedAt,
    responses: responses.get(row.id) ?? [],
  }));
}

/** The answers to each question, attributed to the partner's responseName, in partner order. */
function responsesTo(db: Db | Tx, questionIds: number[]): Map<number, Response[]> {
  const byQuestion = new Map<number, Response[]>();
  if (questionIds.length === 0) return byQuestion;
  const rows = db
    .select({
      questionId: answers.questionId,
      username: users.responseName,
      response: answers.response,
      created_at: answers.createdAt,
    })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.userId))
    .where(inArray(answers.questionId, questionIds))
    .orderBy(asc(users.id))
    .all();
  for (const { questionId, ...response } of rows) {
    byQuestion.set(questionId, [...(byQuestion.get(questionId) ?? []), response]);
  }
  return byQuestion;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export const BANK_QUESTION_MAX = 300;

/** A question to post in Discord: the daily one or one asked on demand. */
export interface QuestionToPost {
  id: number;
  text: string;
}

/** `/question add`: a partner's own question joins the bank and is asked before the ones already asked. */
export function addBankQuestion(db: Db, text: string, userId: number): BankQuestion {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > BANK_QUESTION_MAX) {
    throw new Refusal("invalid", `text: a question has 1 to ${BANK_QUESTION_MAX} characters.`);
  }
  const row = db
    .insert(questionBank)
    .values({ text: trimmed, source: "added", addedByUserId: userId })
    .onConflictDoNothing()
    .returning({ id: questionBank.id, text: questionBank.text })
    .get();
  if (!row) throw new Refusal("conflict", "That question is already in the bank.");
  return row;
}

/** `/question now`: the next bank question, asked at once (not the daily one). Null for an empty bank. */
export function askNextQuestion(db: Db, now = new Date()): QuestionToPost | null {
  return inTransaction(db, (tx) => {
    const next = nextBankQuestion(tx);
    if (!next) return null;
    return tx
      .insert(questions)
      .values({ text: next.text, bankId: next.id, askedAt: isoNow(now) })
      .returning({ id: questions.id, text: questions.text })
      .get();
  });
}

/**
 * The daily question of `day` (YYYY-MM-DD in the daily question's zone) that still has to be
 * posted: claimed now from the bank if the day has none yet, the claimed one again if its post
 * never got a Discord message, null once it is posted (or the bank is empty). The unique
 * `daily_for` makes one daily question per day, whatever the restarts or processes.
 */
export function dailyQuestionToPost(db: Db, day: string, now = new Date()): QuestionToPost | null {
  return inTransaction(db, (tx) => {
    const claimed = tx
      .select({ id: questions.id, text: questions.text, discordMessageId: questions.discordMessageId })
      .from(questions)
      .where(eq(questions.dailyFor, day))
      .get();
    if (claimed) return claimed.discordMessageId === null ? { id: claimed.id, text: claimed.text } : null;
    const next = nextBankQuestion(tx);
    if (!next) return null;
    return tx
      .insert(questions)
      .values({ text: next.text, bankId: next.id, askedAt: isoNow(now), dailyFor: day })
      .returning({ id: questions.id, text: questions.text })
      .get();
  });
}

/** The Discord message a question was posted as: replies to it count as answers. */
export function recordQuestionMessage(db: Db, questionId: number, discordMessageId: string): void {
  db.update(questions).set({ discordMessageId }).where(eq(questions.id, questionId)).run();
}

/** The question posted as this Discord message, if any. */
export function questionIdByDiscordMessage(db: Db | Tx, discordMessageId: string): number | null {
  return (
    db.select({ id: questions.id }).from(questions).where(eq(questions.discordMessageId, discordMessageId)).get()?.id ??
    null
  );
}
