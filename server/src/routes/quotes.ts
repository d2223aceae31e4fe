import { quoteOfTheDay as quoteOfTheDayReply } from "@spankbank/shared/contract/questions";
import { quoteOfTheDay } from "@spankbank/shared/quoteOfTheDay";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, now } = app.ctx;

  // The daily question's zone is the couple's zone: the quote changes at their midnight.
  app.get("/quoteOfTheDay", { schema: { response: { 200: quoteOfTheDayReply } } }, async () =>
    quoteOfTheDay(now(), config.dailyQuestion.timeZone),
  );
};
