import { ourYear } from "@spankbank/db/ourYear";
import { ourYearQuery, ourYearReply } from "@spankbank/shared/contract/ourYear";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** Our year, in pictures (issue 37): one year's figures for the charts, the signed-in partner first. */
export const ourYearRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.get("/our-year", { schema: { querystring: ourYearQuery, response: { 200: ourYearReply } } }, async (request) => {
    const user = signedInUser(request);
    const year = ourYear(db, {
      userId: user.id,
      timeZone: config.dailyQuestion.timeZone,
      year: request.query.year,
      freezesPerMonth: config.economy.streakFreezesPerMonth,
      now: now(),
    });
    return {
      year: year.year,
      years: year.years,
      partners: year.partners.map(({ userId: _, displayName, ...figures }) => ({
        ...figures,
        display_name: displayName,
      })),
      months: year.months.map(({ bothAnswered, ...month }) => ({ ...month, both_answered: bothAnswered })),
      weeks: year.weeks,
      streak: { ...year.streak, both_answered: year.streak.bothAnswered },
      days: year.days,
    };
  });
};
