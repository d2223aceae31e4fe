import { type Answer, answerQuestion, latestQuestion, listQuestions, type Question } from "@spankbank/db/questions";
import {
  answerBody,
  answerReply,
  latestQuestion as latestQuestionReply,
  type Question as QuestionReply,
  type QuestionResponse,
  questionList,
  questionParams,
} from "@spankbank/shared/contract/questions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { httpError } from "../plugins/errors.js";
import { assertNamesSelf, signedInUser } from "../plugins/session.js";
import { sealFor } from "./sealedAnswers.js";

/** The Q&A page and dashboard card: questions are asked in Discord, answered here or there. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.get("/latestQuestion", { schema: { response: { 200: latestQuestionReply } } }, async (request) => {
    const latest = latestQuestion(db);
    return latest && sealFor(config, signedInUser(request)).question(toQuestion(latest));
  });

  app.get("/questions", { schema: { response: { 200: questionList } } }, async (request) =>
    listQuestions(db)
      .map(toQuestion)
      .map(sealFor(config, signedInUser(request)).question),
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
