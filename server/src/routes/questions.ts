import { answerQuestion, latestQuestion, listQuestions } from "@spankbank/db/questions";
import {
  answerBody,
  answerReply,
  latestQuestion as latestQuestionReply,
  questionList,
  questionParams,
} from "@spankbank/shared/contract/questions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertNamesSelf, signedInUser } from "../plugins/auth.js";
import { httpError } from "../plugins/errors.js";
import { sealFor } from "./sealedAnswers.js";

/** The Q&A page and dashboard card: questions are asked in Discord, answered here or there. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.get("/latestQuestion", { schema: { response: { 200: latestQuestionReply } } }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const latest = latestQuestion(db);
    return latest && sealFor(config, signedInUser(request)).question(latest);
  });

  app.get("/questions", { schema: { response: { 200: questionList } } }, async (request) =>
    listQuestions(db).map(sealFor(config, signedInUser(request)).question),
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
      return answerQuestion(db, { userId: user.id, questionId, response, now: now() }, config.economy);
    },
  );
};
