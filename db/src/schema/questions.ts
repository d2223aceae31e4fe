import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./people.js";

/** The question bank: bundled questions plus the ones added with `/question add`. */
export const questionBank = sqliteTable("question_bank", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  text: text("text").notNull().unique(),
  source: text("source", { enum: ["bundled", "added"] }).notNull(),
  addedByUserId: integer("added_by_user_id").references(() => users.id),
  /** The bundled question's tags, as a JSON array: the couple's settings filter the bank by them. */
  tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
  /** A bundled question asked only in its season (`questionSeasons`), null for any day. */
  season: text("season"),
  /** The MM-DD in its season a bundled question belongs to (Valentine's Day itself): asked on that day only. */
  seasonDay: text("season_day"),
  /** Set when a bundled question left the bundled bank: it stays for the questions asked with it, never asked again. */
  retiredAt: text("retired_at"),
});

/** A question that was asked (posted in Discord). */
export const questions = sqliteTable(
  "questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bankId: integer("bank_id").references(() => questionBank.id),
    text: text("text").notNull(),
    askedAt: text("asked_at").notNull(),
    discordMessageId: text("discord_message_id"),
    /**
     * The day (YYYY-MM-DD in the daily question's zone) this was the daily question of; unique, so
     * the database decides that a day gets one daily question, whatever restarts or processes.
     */
    dailyFor: text("daily_for").unique(),
    /** Set when both partners have answered and the side-by-side reveal was queued for the bot (once). */
    revealedAt: text("revealed_at"),
  },
  (t) => [
    index("questions_asked").on(t.askedAt),
    index("questions_discord_message").on(t.discordMessageId),
    /** Picking the next bank question counts each one's asks. */
    index("questions_bank").on(t.bankId),
  ],
);

/** One answer per partner per question; a second answer replaces the first. */
export const answers = sqliteTable(
  "answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    response: text("response").notNull(),
    /** The answer's version: when its words were written, or later when its guess changed alone. */
    createdAt: text("created_at").notNull(),
    /**
     * When its words were written, once a guess changed alone has moved `created_at` past it (null:
     * `created_at`): a Discord reply written before the words, not before the guess, is the older.
     */
    wordsWrittenAt: text("words_written_at"),
  },
  (t) => [
    uniqueIndex("answers_one_per_user").on(t.questionId, t.userId),
    /** "On this day" looks answers up by the day they were given. */
    index("answers_created").on(t.createdAt),
    check("answers_response_length", sql`length(${t.response}) BETWEEN 1 AND 300`),
  ],
);

export const GUESS_RATINGS = ["nailed", "close", "not_quite"] as const;
export type GuessRating = (typeof GUESS_RATINGS)[number];

/**
 * A partner's guess of the other's answer to a question, written with their own answer and
 * rated by the partner it is about once both have answered (the reveal): one per partner per question.
 */
export const guesses = sqliteTable(
  "guesses",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    /** Who guessed: the guess is of the other partner's answer. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    guess: text("guess").notNull(),
    createdAt: text("created_at").notNull(),
    /** How the partner it is about rated it, once revealed; final once given. */
    rating: text("rating", { enum: GUESS_RATINGS }),
    ratedAt: text("rated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.userId] }),
    check("guesses_guess_length", sql`length(${t.guess}) BETWEEN 1 AND 300`),
    check("guesses_rating", sql`${t.rating} IS NULL OR ${t.rating} IN ('nailed', 'close', 'not_quite')`),
    check("guesses_rated_together", sql`(${t.rating} IS NULL) = (${t.ratedAt} IS NULL)`),
  ],
);

/**
 * The couple's streak milestones already announced (7, 30, 100, 365 daily questions in a row both
 * answered): one row per milestone and streak (named by its first question), written with its
 * outbox event, so each is announced once however often answers are given or changed.
 */
export const streakMilestones = sqliteTable(
  "streak_milestones",
  {
    days: integer("days").notNull(),
    firstQuestionId: integer("first_question_id")
      .notNull()
      .references(() => questions.id),
    enqueuedAt: text("enqueued_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.days, t.firstQuestionId] })],
);

/**
 * What bundled content was last synced into the database, by a hash of it: a start with the
 * same content skips the sync. One row per kind of content (`question_bank`).
 */
export const contentVersions = sqliteTable("content_versions", {
  name: text("name").primaryKey(),
  hash: text("hash").notNull(),
  syncedAt: text("synced_at").notNull(),
});
