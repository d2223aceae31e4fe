// Guess your partner: a guess of the other's answer, written with your own, rated by them at the reveal.
import type { CoupleConfig } from "@spankbank/shared/config";
import { GUESS_RECORD_WINDOW } from "@spankbank/shared/limits";
import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { isoNow } from "../clock.js";
import { otherPartnerOf } from "../couple.js";
import { Refusal } from "../errors.js";
import { transfer } from "../ledger.js";
import { enqueueEvent } from "../outbox.js";
import { param, preparedFor } from "../prepared.js";
import { answers, type GuessRating, guesses, questions, transfers } from "../schema.js";
import { clip } from "../text.js";

const statements = preparedFor((db) => ({
  question: db
    .select({ id: questions.id, text: questions.text, revealedAt: questions.revealedAt })
    .from(questions)
    .where(eq(questions.id, param("questionId")))
    .prepare(),
  otherAnswered: db
    .select({ id: answers.id })
    .from(answers)
    .where(and(eq(answers.questionId, param("questionId")), ne(answers.userId, param("userId"))))
    .prepare(),
  guessOf: db
    .select()
    .from(guesses)
    .where(and(eq(guesses.questionId, param("questionId")), eq(guesses.userId, param("userId"))))
    .prepare(),
  insert: db
    .insert(guesses)
    .values({
      questionId: sql.placeholder("questionId"),
      userId: sql.placeholder("userId"),
      guess: sql.placeholder("guess"),
      createdAt: sql.placeholder("createdAt"),
    })
    .onConflictDoUpdate({
      target: [guesses.questionId, guesses.userId],
      set: { guess: sql`excluded.guess`, createdAt: sql`excluded.created_at` },
    })
    .prepare(),
  rate: db
    .update(guesses)
    .set({ rating: sql`${sql.placeholder("rating")}`, ratedAt: sql`${sql.placeholder("ratedAt")}` })
    .where(and(eq(guesses.questionId, param("questionId")), eq(guesses.userId, param("userId"))))
    .prepare(),
  rewarded: db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.kind, "guess"), sql`${transfers.reference} LIKE ${param("pattern")}`))
    .prepare(),
  // A guesser's rated guesses, newest question first (through the primary key's question order).
  recentRatings: db
    .select({ rating: guesses.rating })
    .from(guesses)
    .where(and(eq(guesses.userId, param("userId")), isNotNull(guesses.rating)))
    .orderBy(desc(guesses.questionId))
    .limit(param("limit"))
    .prepare(),
}));

/** What the guesser may still do: a guess is written before they can have seen the other's answer. */
export interface GuessToKeep {
  questionId: number;
  userId: number;
  guess: string;
  /** `questions.revealAfterBothAnswered`: the other's answer stays hidden until the guesser answers too. */
  sealing: boolean;
  now: Date;
}

/**
 * Keeps a partner's guess of the other's answer, in the answer's transaction (before the answer is
 * written). Refused once the guesser can have seen the other's answer: unsealed, as soon as the other
 * has answered; sealed, once both have (the reveal). The same guess again is no change. Returns
 * whether the guess changed.
 */
export function keepGuess(tx: Db, keep: GuessToKeep): boolean {
  const prepared = statements(tx);
  const { questionId, userId, guess } = keep;
  const previous = prepared.guessOf.get({ questionId, userId });
  if (previous?.guess === guess) return false;
  const question = prepared.question.get({ questionId });
  if (!question) throw new Refusal("not_found", `No question with id ${questionId}`);
  const otherAnswered = prepared.otherAnswered.get({ questionId, userId }) !== undefined;
  const seen = otherAnswered && (!keep.sealing || question.revealedAt !== null);
  if (seen) {
    const other = otherPartnerOf(tx, userId)?.displayName ?? "your partner";
    throw new Refusal("conflict", `guess: it's too late to guess once you've seen ${other}'s answer.`);
  }
  prepared.insert.run({ questionId, userId, guess, createdAt: isoNow(keep.now) });
  return true;
}

export interface GuessRatingGiven {
  questionId: number;
  /** The partner the guess is about, who rates it. */
  userId: number;
  rating: GuessRating;
  now?: Date;
}

/** What rating a guess did: the rating kept and the spanks each partner earned by it. */
export interface RatedGuess {
  rating: GuessRating;
  reward: number;
}

/**
 * The partner a guess is about rates it, once both have answered. A rating is final (the same one
 * again is no change). "Nailed it" earns both partners `guessReward` once per question, however
 * often it is sent or whichever of the two guesses it was.
 */
export function rateGuess(
  db: Db,
  given: GuessRatingGiven,
  economy: Pick<CoupleConfig["economy"], "guessReward">,
): RatedGuess {
  const now = given.now ?? new Date();
  const { questionId, userId, rating } = given;
  return inTransaction(db, (tx) => {
    const prepared = statements(tx);
    const question = prepared.question.get({ questionId });
    if (!question) throw new Refusal("not_found", `No question with id ${questionId}`);
    const guesser = otherPartnerOf(tx, userId);
    if (!guesser) throw new Refusal("not_found", "There is no partner to have guessed.");
    if (question.revealedAt === null) {
      throw new Refusal("conflict", "A guess is rated once you've both answered.");
    }
    const guess = prepared.guessOf.get({ questionId, userId: guesser.id });
    if (!guess) throw new Refusal("not_found", `${guesser.displayName} didn't guess this one.`);
    if (guess.rating !== null) {
      if (guess.rating === rating) return { rating, reward: 0 };
      throw new Refusal("conflict", "You've already rated this guess.");
    }
    prepared.rate.run({ questionId, userId: guesser.id, rating, ratedAt: isoNow(now) });
    const alreadyRewarded = prepared.rewarded.all({ pattern: `guess:${questionId}:%` }).length > 0;
    const reward = rating === "nailed" && !alreadyRewarded ? economy.guessReward : 0;
    if (reward > 0) {
      for (const partner of [guesser.id, userId]) {
        transfer(tx, {
          from: "mint",
          to: { userId: partner },
          amount: reward,
          kind: "guess",
          reference: `guess:${questionId}:${partner}`,
          memo: `${guesser.displayName} nailed the guess on "${clip(question.text, 70)}"`,
          now,
        });
      }
    }
    if (rating === "nailed") {
      enqueueEvent(tx, "guess_nailed", { questionId, guesserId: guesser.id, aboutId: userId, reward }, now);
    }
    return { rating, reward };
  });
}

/** How well a partner knows the other: guesses rated "nailed it" among their last rated ones. */
export interface GuessRecord {
  guesserId: number;
  nailed: number;
  rated: number;
}

/** Each partner's record over their last GUESS_RECORD_WINDOW rated guesses. */
export function guessRecord(db: Db, guesserId: number): GuessRecord {
  const ratings = statements(db).recentRatings.all({ userId: guesserId, limit: GUESS_RECORD_WINDOW });
  return {
    guesserId,
    nailed: ratings.filter((row) => row.rating === "nailed").length,
    rated: ratings.length,
  };
}
