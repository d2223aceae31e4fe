import { z } from "zod";
import { RESPONSE_MAX, SEARCH_MAX } from "../limits.js";
import { bodyId, id, isoDate, pageQuery, text } from "./common.js";

export const response = z.object({
  username: z.string(),
  response: z.string(),
  created_at: isoDate.nullable(),
  /**
   * Beyond the spec: with `questions.revealAfterBothAnswered` on, the partner's answer to a
   * question the reader has not answered yet arrives sealed, its `response` empty.
   */
  sealed: z.boolean().optional(),
});
export type QuestionResponse = z.infer<typeof response>;

export const question = z.object({
  question_id: z.int(),
  question: z.string(),
  asked_at: isoDate,
  responses: z.array(response),
});
export type Question = z.infer<typeof question>;

export const questionList = z.array(question);

/**
 * `GET /api/questions?page=&pageSize=&search=`: one page of the questions whose text holds
 * `search`, newest first. Bare, the spec's plain list of the newest LIST_WINDOW.
 */
export const questionsPageQuery = pageQuery.extend({ search: z.string().max(SEARCH_MAX).optional() });
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
});
export const answerReply = z.array(response);

export const quoteOfTheDay = z.object({ quote: z.string(), author: z.string() });
export type QuoteOfTheDay = z.infer<typeof quoteOfTheDay>;
