// Asking a question and answering it: one answer per partner, the first rewarded, the reveal once both are in.
import type { CoupleConfig } from "@spankbank/shared/config";
import { answerBody } from "@spankbank/shared/contract/questions";
import { and, asc, count, desc, eq, isNotNull, isNull, lte, max, or, sql } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { isoNow, versionAfter } from "../clock.js";
import { Refusal, refuseUnless } from "../errors.js";
import { transfer } from "../ledger.js";
import { enqueueEvent } from "../outbox.js";
import { LIMIT_ONE, param, preparedFor } from "../prepared.js";
import { answers, type GuessRating, guesses, questions, transfers, users } from "../schema.js";
import { announceStreakMilestone } from "../streak.js";
import { clip } from "../text.js";
import { keepGuess } from "./guesses.js";

/** A partner's guess of the other's answer, and how the other rated it (null until rated). */
export interface Guess {
  text: string;
  rating: GuessRating | null;
}

/** A partner's answer, attributed to their responseName, with their guess of the other's answer. */
export interface Answer {
  username: string;
  response: string;
  createdAt: string;
  /** Only for a reader allowed it: the guesser, or anyone once both have answered (see sealing.ts). */
  guess?: Guess;
}

/** A question put to the couple, with the answers given so far (in partner order). */
export interface Question {
  id: number;
  text: string;
  askedAt: string;
  answers: Answer[];
  /** Both have answered: the reveal, after which guesses are shown and rated. */
  revealed: boolean;
}

/** The columns an answer is read with, its guess joined (`guessesOf`). */
export const answerWithGuessColumns = {
  questionId: answers.questionId,
  username: users.responseName,
  response: answers.response,
  createdAt: answers.createdAt,
  guess: guesses.guess,
  rating: guesses.rating,
};
type AnswerRow = {
  username: string;
  response: string;
  createdAt: string;
  guess: string | null;
  rating: GuessRating | null;
};

/** An answer row as the domain's Answer, its guess (if any) attached. */
export function answerOf({ username, response, createdAt, guess, rating }: AnswerRow): Answer {
  const answer: Answer = { username, response, createdAt };
  if (guess !== null) answer.guess = { text: guess, rating };
  return answer;
}

/** The join of an answer with its author's guess. */
export const guessOfAnswer = and(eq(guesses.questionId, answers.questionId), eq(guesses.userId, answers.userId));

const statements = preparedFor((db) => {
  const givenAnswers = () =>
    db
      .select(answerWithGuessColumns)
      .from(answers)
      .innerJoin(users, eq(users.id, answers.userId))
      .leftJoin(guesses, guessOfAnswer);
  // Through questions_asked: newest first with no sort step.
  const newestFirst = () => db.select().from(questions).orderBy(desc(questions.askedAt), desc(questions.id));
  return {
    all: newestFirst().prepare(),
    latest: newestFirst().limit(LIMIT_ONE).prepare(),
    latestRevealed: newestFirst().where(isNotNull(questions.revealedAt)).limit(LIMIT_ONE).prepare(),
    latestRevealedAt: newestFirst()
      .where(and(isNotNull(questions.revealedAt), lte(questions.revealedAt, param("at"))))
      .limit(LIMIT_ONE)
      .prepare(),
    // Discord ids grow with time: a message id below the command's id was posted before it was sent.
    latestShown: newestFirst()
      .where(
        or(
          sql`CAST(${questions.discordMessageId} AS INTEGER) < CAST(${param("sentId")} AS INTEGER)`,
          and(isNull(questions.discordMessageId), isNull(questions.dailyFor), lte(questions.askedAt, param("sentAt"))),
        ),
      )
      .limit(LIMIT_ONE)
      .prepare(),
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
      .select({
        id: answers.id,
        response: answers.response,
        createdAt: answers.createdAt,
        wordsWrittenAt: answers.wordsWrittenAt,
      })
      .from(answers)
      .where(and(eq(answers.questionId, param("questionId")), eq(answers.userId, param("userId"))))
      .prepare(),
    answerCount: db
      // With when the last one was written: the moment both were in, for the reveal.
      .select({ n: count(), lastWrittenAt: max(answers.createdAt) })
      .from(answers)
      .where(eq(answers.questionId, param("questionId")))
      .prepare(),
    // Through transfers_kind_reference.
    rewarded: db
      .select({ id: transfers.id })
      .from(transfers)
      .where(and(eq(transfers.kind, param("kind")), eq(transfers.reference, param("reference"))))
      .limit(LIMIT_ONE)
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
  return { id: row.id, text: row.text, askedAt: row.askedAt, answers: [], revealed: false };
}

/** The question asked most recently, with its answers; null before the first one. */
export function latestQuestion(db: Db): Question | null {
  const row = statements(db).latest.get();
  return row ? { ...questionOf(row), answers: answersTo(db, row.id) } : null;
}

/**
 * The latest question as Discord showed it when a partner sent a command (its Discord id and
 * moment): the newest posted before it, or asked without a post (the demo, an import) by then. A
 * daily question still being posted is not shown yet: an answer sent meanwhile is to the one before.
 */
export function latestQuestionShownAt(db: Db, sent: { discordId: string; at: Date }): Question | null {
  const row = statements(db).latestShown.get({ sentId: sent.discordId, sentAt: isoNow(sent.at) });
  return row ? { ...questionOf(row), answers: answersTo(db, row.id) } : null;
}

/**
 * The newest question you have both answered (its guesses can be rated), as of `at` when given (a
 * command's moment: one revealed after it was sent was not the one meant); null before the first reveal.
 */
export function latestRevealedQuestion(db: Db, at?: Date): Question | null {
  const row =
    at === undefined ? statements(db).latestRevealed.get() : statements(db).latestRevealedAt.get({ at: isoNow(at) });
  return row ? { ...questionOf(row), answers: answersTo(db, row.id) } : null;
}

/** One asked question with its answers and its Discord message; null for an unknown id. */
export function questionById(db: Db, id: number): (Question & { discordMessageId: string | null }) | null {
  const row = db.select().from(questions).where(eq(questions.id, id)).get();
  if (!row) return null;
  return { ...questionOf(row), answers: answersTo(db, row.id), discordMessageId: row.discordMessageId };
}

/** Every asked question, newest first, with its answers. */
export function listQuestions(db: Db): Question[] {
  const prepared = statements(db);
  const byQuestion = new Map<number, Answer[]>();
  for (const { questionId, ...answer } of prepared.everyAnswer.all()) {
    const given = byQuestion.get(questionId);
    if (given) given.push(answerOf(answer));
    else byQuestion.set(questionId, [answerOf(answer)]);
  }
  return prepared.all.all().map((row) => ({ ...questionOf(row), answers: byQuestion.get(row.id) ?? [] }));
}

/** A question row's own fields, without its answers. */
export function questionOf(row: { id: number; text: string; askedAt: string; revealedAt: string | null }) {
  return { id: row.id, text: row.text, askedAt: row.askedAt, revealed: row.revealedAt !== null };
}

export interface NewAnswer {
  userId: number;
  questionId: number;
  response: string;
  /** The partner's guess of the other's answer, kept with it (see keepGuess); none leaves any guess as it was. */
  guess?: string | undefined;
  /** `questions.revealAfterBothAnswered`: decides when a guess can no longer be written. */
  sealing?: boolean;
  /**
   * When these words were written, if before now (a Discord reply, or its edit, read late): an answer
   * given since is kept, and this one is dated then.
   */
  writtenAt?: Date;
  /** The `createdAt` of the answer the form showed (null: none): an answer changed since is refused. */
  basedOn?: string | null | undefined;
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
  economy: Pick<CoupleConfig["economy"], "answerReward"> &
    Partial<Pick<CoupleConfig["economy"], "streakFreezesPerMonth">>,
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

/** What a change to an answer is refused with when the answer changed after the form opened. */
export const ANSWER_CHANGED_SINCE =
  "Your answer was changed since you opened it (on another device, or in Discord): nothing was replaced.";

/** answerQuestion, saying what happened. */
export function giveAnswer(
  db: Db,
  answer: NewAnswer,
  economy: Pick<CoupleConfig["economy"], "answerReward"> &
    Partial<Pick<CoupleConfig["economy"], "streakFreezesPerMonth">>,
): GivenAnswer {
  const { response, guess } = refuseUnless(
    answerBody.pick({ response: true, guess: true }),
    { response: answer.response, guess: answer.guess },
    "answer",
  );
  const now = answer.now ?? new Date();
  const { questionId, userId } = answer;
  return inTransaction(db, (tx) => {
    const prepared = statements(tx);
    const question = prepared.byId.get({ id: questionId });
    if (!question) throw new Refusal("not_found", `No question with id ${questionId}`);
    // Before the answer: it may be the one that reveals the other's.
    const guessChanged =
      guess !== undefined && keepGuess(tx, { questionId, userId, guess, sealing: answer.sealing ?? false, now });
    const previous = prepared.previousAnswer.get({ questionId, userId });
    const wordsWrittenAt = previous && (previous.wordsWrittenAt ?? previous.createdAt);
    const givenSince =
      answer.writtenAt !== undefined && wordsWrittenAt !== undefined && wordsWrittenAt > isoNow(answer.writtenAt);
    const sameWords = previous?.response === response;
    // The same answer and guess again (a retry after a lost reply) is done, whatever version it was sent from.
    if ((sameWords && !guessChanged) || givenSince) {
      return { answers: answersTo(tx, questionId), replaced: false, reward: 0, unchanged: true };
    }
    // A guess changed alone is a change of the answer too: a form opened before it is refused, its
    // guess never put back over the newer one (the guess written above goes with the refusal).
    if (answer.basedOn !== undefined && (previous?.createdAt ?? null) !== answer.basedOn) {
      throw new Refusal("conflict", ANSWER_CHANGED_SINCE);
    }
    if (previous && sameWords) {
      // Only the guess changed: the answer's version moves (a form showing the earlier guess is stale), its words stay.
      const version = versionAfter(previous.createdAt, now);
      tx.update(answers).set({ createdAt: version, wordsWrittenAt }).where(eq(answers.id, previous.id)).run();
      return { answers: answersTo(tx, questionId), replaced: false, reward: 0, unchanged: true };
    }
    // The answer is dated when its words were written (a Discord reply read at a catch-up): a later
    // reply or edit, read after it, must still count as the newer one.
    const writtenAt = isoNow(answer.writtenAt !== undefined && answer.writtenAt < now ? answer.writtenAt : now);
    if (previous) {
      // A new version even in the same millisecond as the last: a form that showed that one is stale.
      tx.update(answers)
        .set({ response, createdAt: versionAfter(previous.createdAt, new Date(writtenAt)), wordsWrittenAt: null })
        .where(eq(answers.id, previous.id))
        .run();
    } else {
      tx.insert(answers).values({ questionId, userId, response, createdAt: writtenAt }).run();
    }
    const reference = `answer:${questionId}:${userId}`;
    // The first answer is rewarded once: not again for an answer given anew after an import that
    // left the first out (a partner's web download leaves out the other's sealed answer, not its reward).
    const reward =
      !previous && economy.answerReward > 0 && !prepared.rewarded.get({ kind: "answer", reference })
        ? economy.answerReward
        : 0;
    if (reward > 0) {
      transfer(tx, {
        from: "mint",
        to: { userId },
        amount: reward,
        kind: "answer",
        reference,
        memo: `Answered "${clip(question.text, 80)}"`,
        now,
      });
    }
    // The answer itself stays out of the event: both are revealed together once both are in.
    enqueueEvent(tx, "answer_given", { questionId, userId, replaced: previous !== undefined, reward }, now);
    const { n: answered, lastWrittenAt } = prepared.answerCount.get({ questionId })!;
    if (answered >= 2 && question.revealedAt === null) {
      // Both were in when the later answer was written, not when it was read: replies read at a
      // catch-up after the next daily question was posted still count for the streak.
      tx.update(questions).set({ revealedAt: lastWrittenAt }).where(eq(questions.id, questionId)).run();
      enqueueEvent(tx, "answers_revealed", { questionId }, now);
      announceStreakMilestone(tx, now, economy.streakFreezesPerMonth, questionId);
    }
    return { answers: answersTo(tx, questionId), replaced: previous !== undefined, reward, unchanged: false };
  });
}

function answersTo(db: Db, questionId: number): Answer[] {
  return statements(db)
    .answersTo.all({ questionId })
    .map(({ questionId: _, ...answer }) => answerOf(answer));
}

/** How many partners have answered the question. */
export function answerCount(db: Db, questionId: number): number {
  return statements(db).answerCount.get({ questionId })!.n;
}
