// The questions posted in Discord: the daily one, one asked on demand, and the message each was posted as.
import type { CoupleConfig, CoupleSettings } from "@spankbank/shared/config";
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, type SQL } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { dayIn, isoNow } from "../clock.js";
import { Refusal } from "../errors.js";
import { guesses, questionBank, questions } from "../schema.js";
import { answerCount } from "./asking.js";
import { nextBankQuestion } from "./bank.js";

/** A question to post in Discord: the daily one or one asked on demand. */
export interface QuestionToPost {
  id: number;
  text: string;
}

/** The daily question to post. */
export interface DailyQuestionToPost extends QuestionToPost {
  /**
   * When it was claimed, if that was by an earlier try (the bot died, or Discord failed, before its
   * message was recorded): Discord may hold its post already, made since then.
   */
  triedSince?: string;
}

/** Where the couple's settings and their day come from: the couple config. */
export type QuestionRules = Pick<CoupleConfig, "couple" | "dailyQuestion">;

/** `/question now` asks at most one question per this long, so a double tap or a loop cannot flood the channel. */
export const QUESTION_NOW_COOLDOWN_MS = 10 * 60_000;

/**
 * `/question now`: the next bank question that fits the couple, asked at once, unless one was
 * asked on demand within the cooldown (refused, saying when the next may be asked). Null when no
 * question fits.
 */
export function askQuestionNow(db: Db, rules: QuestionRules, now = new Date()): QuestionToPost | null {
  return inTransaction(db, (tx) => {
    const since = isoNow(new Date(now.getTime() - QUESTION_NOW_COOLDOWN_MS));
    const recent = tx
      .select({ askedAt: questions.askedAt })
      .from(questions)
      .where(and(isNull(questions.dailyFor), gt(questions.askedAt, since)))
      .orderBy(desc(questions.askedAt))
      .limit(1)
      .get();
    if (recent) {
      const waitMs = Date.parse(recent.askedAt) + QUESTION_NOW_COOLDOWN_MS - now.getTime();
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new Refusal(
        "conflict",
        `A question was asked just now. You can ask the next one in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
    return askNextQuestion(tx, rules, now);
  });
}

/**
 * A question asked on demand that Discord never took: it is taken back (it has no answers,
 * guesses or message yet), so the web never shows a question that was not posted. Returns whether
 * it was.
 */
export function withdrawUnpostedQuestion(db: Db, questionId: number): boolean {
  return withdrawUnseen(db, questionId, isNull(questions.dailyFor));
}

/**
 * Deletes question `questionId` of the kind `kind` names if Discord never showed it (no message)
 * and nobody answered or guessed it (on the web). Returns whether it was deleted.
 */
function withdrawUnseen(db: Db, questionId: number, kind: SQL): boolean {
  return inTransaction(db, (tx) => {
    if (answerCount(tx, questionId) > 0) return false;
    if (tx.select({ id: guesses.questionId }).from(guesses).where(eq(guesses.questionId, questionId)).get()) {
      return false;
    }
    const { changes } = tx
      .delete(questions)
      .where(and(eq(questions.id, questionId), isNull(questions.discordMessageId), kind))
      .run();
    return changes > 0;
  });
}

/**
 * `/question now`: the next bank question that fits the couple on today (in the daily question's
 * zone), asked at once (not the daily one). Null when no question fits.
 */
export function askNextQuestion(db: Db, rules: QuestionRules, now = new Date()): QuestionToPost | null {
  return inTransaction(db, (tx) => {
    const next = nextBankQuestion(tx, { couple: rules.couple, day: dayIn(rules.dailyQuestion.timeZone, now) });
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
 * posted: claimed now from the bank (`nextBankQuestion`) if the day has none yet, the claimed one again (`triedSince`) if its post
 * never got a Discord message, null once it is posted (or the bank is empty). The unique
 * `daily_for` makes one daily question per day, whatever the restarts or processes.
 */
export function dailyQuestionToPost(
  db: Db,
  day: string,
  couple: CoupleSettings,
  now = new Date(),
): DailyQuestionToPost | null {
  return inTransaction(db, (tx) => {
    const claimed = tx
      .select({
        id: questions.id,
        text: questions.text,
        askedAt: questions.askedAt,
        discordMessageId: questions.discordMessageId,
      })
      .from(questions)
      .where(eq(questions.dailyFor, day))
      .get();
    if (claimed) {
      if (claimed.discordMessageId !== null) return null;
      return { id: claimed.id, text: claimed.text, triedSince: claimed.askedAt };
    }
    const next = nextBankQuestion(tx, { couple, day });
    if (!next) return null;
    return tx
      .insert(questions)
      .values({ text: next.text, bankId: next.id, askedAt: isoNow(now), dailyFor: day })
      .returning({ id: questions.id, text: questions.text })
      .get();
  });
}

/**
 * Daily questions of days before `day` that were claimed but never got a Discord message (every
 * post failed all that day, or the bot died after claiming it and stayed down past midnight),
 * oldest first, each with when it was claimed: Discord may hold its post after all.
 */
export function unpostedEarlierDailyQuestions(db: Db, day: string): Required<DailyQuestionToPost>[] {
  return db
    .select({ id: questions.id, text: questions.text, triedSince: questions.askedAt })
    .from(questions)
    .where(and(isNotNull(questions.dailyFor), lt(questions.dailyFor, day), isNull(questions.discordMessageId)))
    .orderBy(asc(questions.dailyFor))
    .all();
}

/**
 * A past day's daily question that Discord never showed (see unpostedEarlierDailyQuestions) goes
 * back to the bank: nobody saw it, so its day asked nothing (it neither counts nor breaks the
 * streak) and the web does not show it as the latest question. One already answered or guessed
 * (on the web) is kept. Returns whether it was withdrawn.
 */
export function withdrawUnpostedDailyQuestion(db: Db, questionId: number): boolean {
  return withdrawUnseen(db, questionId, isNotNull(questions.dailyFor));
}

/** The Discord message a question was posted as: replies to it count as answers. */
export function recordQuestionMessage(db: Db, questionId: number, discordMessageId: string): void {
  db.update(questions).set({ discordMessageId }).where(eq(questions.id, questionId)).run();
}

/** The question posted as this Discord message, if any. */
export function questionIdByDiscordMessage(db: Db, discordMessageId: string): number | null {
  return (
    db.select({ id: questions.id }).from(questions).where(eq(questions.discordMessageId, discordMessageId)).get()?.id ??
    null
  );
}

/** How far a question's claim (`asked_at`, our clock) may seem to follow its post (Discord's clock). */
const CLOCKS_APART_MS = 5 * 60_000;

/**
 * A question post of the bot's that a partner replied to and that no question records (Discord
 * took it but its answer was lost, before the bot found it in the channel; or `/question now`,
 * unable to read the channel, took it back): the question it was posted for is recorded as that
 * message now, the latest unrecorded one with its words claimed before it was posted, or, when
 * there is none (taken back), asked again as that post. Returns the question's id.
 */
export function adoptQuestionPost(db: Db, post: { text: string; discordMessageId: string; postedAt: Date }): number {
  return inTransaction(db, (tx) => {
    const known = questionIdByDiscordMessage(tx, post.discordMessageId);
    if (known !== null) return known;
    const unrecorded = tx
      .select({ id: questions.id })
      .from(questions)
      .where(
        and(
          eq(questions.text, post.text),
          isNull(questions.discordMessageId),
          lte(questions.askedAt, isoNow(new Date(post.postedAt.getTime() + CLOCKS_APART_MS))),
        ),
      )
      .orderBy(desc(questions.askedAt))
      .limit(1)
      .get();
    if (unrecorded) {
      recordQuestionMessage(tx, unrecorded.id, post.discordMessageId);
      return unrecorded.id;
    }
    const bank = tx.select({ id: questionBank.id }).from(questionBank).where(eq(questionBank.text, post.text)).get();
    return tx
      .insert(questions)
      .values({
        text: post.text,
        bankId: bank?.id ?? null,
        askedAt: isoNow(post.postedAt),
        discordMessageId: post.discordMessageId,
      })
      .returning({ id: questions.id })
      .get().id;
  });
}
