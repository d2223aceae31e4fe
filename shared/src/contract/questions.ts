import { z } from "zod";
import { RESPONSE_MAX, SEARCH_MAX } from "../limits.js";
import { bodyId, id, isoDate, pageQuery, text } from "./common.js";

export const GUESS_RATINGS = ["nailed", "close", "not_quite"] as const;
export const guessRating = z.enum(GUESS_RATINGS);
export type GuessRating = z.infer<typeof guessRating>;

/** A partner's guess of the other's answer, and the other's rating of it (null until rated). */
export const guess = z.object({ text: z.string(), rating: guessRating.nullable() });

export const response = z.object({
  username: z.string(),
  response: z.string(),
  created_at: isoDate.nullable(),
  /**
   * Beyond the spec: with `questions.revealAfterBothAnswered` on, the partner's answer to a
   * question the reader has not answered yet arrives sealed, its `response` empty.
   */
  sealed: z.boolean().optional(),
  /**
   * Beyond the spec: this partner's guess of the other's answer. Only ever sent to the guesser, or
   * to both once both have answered (the reveal).
   */
  guess: guess.optional(),
});
export type QuestionResponse = z.infer<typeof response>;

export const question = z.object({
  question_id: z.int(),
  question: z.string(),
  asked_at: isoDate,
  responses: z.array(response),
  /** Beyond the spec, only once true: both have answered, so guesses are shown side by side and can be rated. */
  revealed: z.boolean().optional(),
});
export type Question = z.infer<typeof question>;

export const questionList = z.array(question);

/**
 * `GET /api/questions?page=&pageSize=&search=`: one page of the questions whose text holds
 * `search`, newest first. Bare, the spec's plain list of the newest LIST_WINDOW.
 */
export const questionsPageQuery = pageQuery.extend({
  search: z.string().max(SEARCH_MAX).optional(),
  /** `true`: only the questions with a guess the reader may see (the Q&A page's "guessed" filter). */
  guessed: z.enum(["true", "false"]).optional(),
});
export const questionsPage = z.object({
  questions: questionList,
  page: z.int(),
  pageCount: z.int(),
  total: z.int(),
});
export type QuestionsPage = z.infer<typeof questionsPage>;
export const latestQuestion = question.nullable();

export const questionParams = z.object({ questionId: id });

export const answerBody = z.object({
  response: text(RESPONSE_MAX, { multiline: true }),
  username: z.string().min(1).max(64).optional(),
  questionId: bodyId.optional(),
  /** Your guess of your partner's answer, kept until you can have seen theirs (then a 409). */
  guess: text(RESPONSE_MAX, { multiline: true }).optional(),
  /**
   * The `created_at` of your answer as the form showed it (null: none yet). An answer changed since
   * (on another device, or in Discord) is refused with a 409, not replaced.
   */
  based_on: isoDate.nullable().optional(),
});
export const answerReply = z.array(response);

export const quoteOfTheDay = z.object({ quote: z.string(), author: z.string() });
export type QuoteOfTheDay = z.infer<typeof quoteOfTheDay>;

/** `PUT /api/questions/{questionId}/guess-rating`: the partner a guess is about rates it, once, after the reveal. */
export const guessRatingBody = z.object({ rating: guessRating });
export const guessRatingReply = z.object({
  rating: guessRating,
  /** Spanks each of you earned by it: only the first "nailed it" of a question earns. */
  reward: z.int(),
});

/** `GET /api/guesses/record`: "Alex knows Sam: 7 of the last 10", one line per partner who has rated guesses. */
export const guessRecordReply = z.object({
  partners: z.array(
    z.object({
      guesser: z.string(),
      about: z.string(),
      nailed: z.int(),
      rated: z.int(),
    }),
  ),
});
export type GuessRecordReply = z.infer<typeof guessRecordReply>;
