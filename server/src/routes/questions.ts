import { questionPage } from "@spankbank/db/questionPages";
import { type Answer, answerQuestion, latestQuestion, type Question } from "@spankbank/db/questions";
import {
  answerBody,
  answerReply,
  latestQuestion as latestQuestionReply,
  type Question as QuestionReply,
  type QuestionResponse,
  questionList,
  questionParams,
  questionsPage,
  questionsPageQuery,
} from "@spankbank/shared/contract/questions";
import { LIST_WINDOW, QUESTIONS_PER_PAGE } from "@spankbank/shared/limits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "../plugins/errors.js";
import { assertNamesSelf, signedInUser } from "../plugins/session.js";
import { sealFor } from "../sealedAnswers.js";

/** The Q&A page and dashboard card: questions are asked in Discord, answered here or there. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.get("/latestQuestion", { schema: { response: { 200: latestQuestionReply } } }, async (request) => {
    const latest = latestQuestion(db);
    return latest && sealFor(config, signedInUser(request)).question(toQuestion(latest));
  });

  app.get(
    "/questions",
    // Bare: the spec's plain list, the newest LIST_WINDOW. With page, pageSize or search: one page and the total.
    { schema: { querystring: questionsPageQuery, response: { 200: z.union([questionList, questionsPage]) } } },
    async (request) => {
      const { page, pageSize, search } = request.query;
      const seal = sealFor(config, signedInUser(request));
      if (page === undefined && pageSize === undefined && search === undefined) {
        return questionPage(db, 1, LIST_WINDOW).questions.map(toQuestion).map(seal.question);
      }
      const found = questionPage(db, page ?? 1, pageSize ?? QUESTIONS_PER_PAGE, search ?? "");
      return { ...found, questions: found.questions.map(toQuestion).map(seal.question) };
    },
  );

  app.put(
    "/questions/:questionId",
    { schema: { params: questionParams, body: answerBody, response: { 200: answerReply } } },
    async (request) => {
      const { questionId } = request.params;
      const { response, username } = request.body;
      if (request.body.questionId !== undefined && request.body.questionId !== questionId) {
        throw httpError(400, "body.questionId: must match the question in the path");
      }
      const user = assertNamesSelf(request, { username });
      const answers = answerQuestion(db, { userId: user.id, questionId, response, now: now() }, config.economy);
      return answers.map(toResponse);
    },
  );
};

function toQuestion(question: Question): QuestionReply {
  return {
    question_id: question.id,
    question: question.text,
    asked_at: question.askedAt,
    responses: question.answers.map(toResponse),
  };
}

function toResponse(answer: Answer): QuestionResponse {
  return { username: answer.username, response: answer.response, created_at: answer.createdAt };
}
