import { otherPartnerOf, userByUsername } from "@spankbank/db/couple";
import { questionPage } from "@spankbank/db/questionPages";
import {
  type Answer,
  answerQuestion,
  guessRecord,
  latestQuestion,
  type Question,
  rateGuess,
} from "@spankbank/db/questions";
import { hideGuesses } from "@spankbank/db/sealing";
import {
  answerBody,
  answerReply,
  guessRatingBody,
  guessRatingReply,
  guessRecordReply,
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
      const { page, pageSize, search, guessed } = request.query;
      const reader = signedInUser(request);
      const seal = sealFor(config, reader);
      if (page === undefined && pageSize === undefined && search === undefined && guessed === undefined) {
        return questionPage(db, 1, LIST_WINDOW).questions.map(toQuestion).map(seal.question);
      }
      const guessedFor = guessed === "true" ? reader.id : undefined;
      const found = questionPage(db, page ?? 1, pageSize ?? QUESTIONS_PER_PAGE, search ?? "", guessedFor);
      return { ...found, questions: found.questions.map(toQuestion).map(seal.question) };
    },
  );

  app.put(
    "/questions/:questionId",
    { schema: { params: questionParams, body: answerBody, response: { 200: answerReply } } },
    async (request) => {
      const { questionId } = request.params;
      const { response, username, guess, based_on: basedOn } = request.body;
      if (request.body.questionId !== undefined && request.body.questionId !== questionId) {
        throw httpError(400, "body.questionId: must match the question in the path");
      }
      const user = assertNamesSelf(request, { username });
      const sealing = config.questions.revealAfterBothAnswered;
      const answers = answerQuestion(
        db,
        { userId: user.id, questionId, response, guess, sealing, basedOn, now: now() },
        config.economy,
      );
      // Both in: the reveal, guesses side by side. Otherwise only the reader's own is here.
      return hideGuesses(answers.length >= 2, user, answers).map(toResponse);
    },
  );

  app.put(
    "/questions/:questionId/guess-rating",
    { schema: { params: questionParams, body: guessRatingBody, response: { 200: guessRatingReply } } },
    async (request) => {
      const user = signedInUser(request);
      const { questionId } = request.params;
      return rateGuess(db, { questionId, userId: user.id, rating: request.body.rating, now: now() }, config.economy);
    },
  );

  app.get("/guesses/record", { schema: { response: { 200: guessRecordReply } } }, async (request) => {
    signedInUser(request);
    const partners = config.partners.flatMap(({ username }) => {
      const guesser = userByUsername(db, username);
      const about = guesser && otherPartnerOf(db, guesser.id);
      if (!guesser || !about) return [];
      const { nailed, rated } = guessRecord(db, guesser.id);
      return rated > 0 ? [{ guesser: guesser.displayName, about: about.displayName, nailed, rated }] : [];
    });
    return { partners };
  });
};

function toQuestion(question: Question): QuestionReply {
  return {
    question_id: question.id,
    question: question.text,
    asked_at: question.askedAt,
    responses: question.answers.map(toResponse),
    // Only once true: an open question keeps the spec's shape.
    ...(question.revealed ? { revealed: true } : {}),
  };
}

function toResponse(answer: Answer): QuestionResponse {
  const reply: QuestionResponse = {
    username: answer.username,
    response: answer.response,
    created_at: answer.createdAt,
  };
  if (answer.guess) reply.guess = answer.guess;
  return reply;
}
