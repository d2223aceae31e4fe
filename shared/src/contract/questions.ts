import { z } from "zod";
import { RESPONSE_MAX } from "../limits.js";
import { bodyId, id, isoDate, text } from "./common.js";

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
