// Asking a question and answering it: one answer per partner, the first rewarded, the reveal once both are in.
import type { CoupleConfig } from "@spankbank/shared/config";
import { answerBody } from "@spankbank/shared/contract/questions";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { isoNow } from "../clock.js";
import { Refusal, refuseUnless } from "../errors.js";
import { transfer } from "../ledger.js";
import { enqueueEvent } from "../outbox.js";
import { LIMIT_ONE, param, preparedFor } from "../prepared.js";
import { answers, questions, users } from "../schema.js";
import { announceStreakMilestone } from "../streak.js";

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
    latest: newestFirst().limit(LIMIT_ONE).prepare(),
    byId: db
      .select()
      .from(questions)
      .where(eq(questions.id, param("id")))
      .prepare(),
    // answers_one_per_user gives this order: no sort step.
    everyAnswer: givenAnswers().orderBy(asc(answers.questionId), asc(answers.userId)).prepare(),
    answersTo: givenAnswers()
      .where(eq(answers.questionId, param("questionId")))
      .orderBy(asc(answers.userId))
      .prepare(),
    previousAnswer: db
      .select({ id: answers.id, response: answers.response })
      .from(answers)
      .where(and(eq(answers.questionId, param("questionId")), eq(answers.userId, param("userId"))))
      .prepare(),
    answerCount: db
      .select({ n: count() })
      .from(answers)
      .where(eq(answers.questionId, param("questionId")))
      .prepare(),
  };
});
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

/** One asked question with its answers and its Discord message; null for an unknown id. */
export function questionById(db: Db, id: number): (Question & { discordMessageId: string | null }) | null {
  const row = db.select().from(questions).where(eq(questions.id, id)).get();
  if (!row) return null;
  return {
    id: row.id,
    text: row.text,
    askedAt: row.askedAt,
    answers: answersTo(db, row.id),
    discordMessageId: row.discordMessageId,
  };
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
  return giveAnswer(db, answer, economy).answers;
}

/** What giving an answer did, for a reply that says it. */
export interface GivenAnswer {
  /** That question's answers, in partner order. */
  answers: Answer[];
  /** The partner had answered before: this one replaced it. */
  replaced: boolean;
  /** Spanks earned by it (only a first answer earns). */
  reward: number;
  /** The same text as the answer already given: nothing changed (a replayed reply). */
  unchanged: boolean;
}

/** answerQuestion, saying what happened. */
export function giveAnswer(
  db: Db,
  answer: NewAnswer,
  economy: Pick<CoupleConfig["economy"], "answerReward">,
): GivenAnswer {
  const { response } = refuseUnless(answerBody.pick({ response: true }), { response: answer.response }, "answer");
  const now = answer.now ?? new Date();
  const { questionId, userId } = answer;
  return inTransaction(db, (tx) => {
    const prepared = statements(tx);
    const question = prepared.byId.get({ id: questionId });
    if (!question) throw new Refusal("not_found", `No question with id ${questionId}`);
    const previous = prepared.previousAnswer.get({ questionId, userId });
    if (previous?.response === response) {
      return { answers: answersTo(tx, questionId), replaced: false, reward: 0, unchanged: true };
    }
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
      announceStreakMilestone(tx, now);
    }
    return { answers: answersTo(tx, questionId), replaced: previous !== undefined, reward, unchanged: false };
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

/** How many partners have answered the question. */
export function answerCount(db: Db, questionId: number): number {
  return statements(db).answerCount.get({ questionId })!.n;
}
