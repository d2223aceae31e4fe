import { coupleStreak } from "@spankbank/db/streak";
import { streakReply } from "@spankbank/shared/contract/streak";
import { calendarDate } from "@spankbank/shared/quoteOfTheDay";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** The couple's streak (issue 36): the same for both partners, to a signed-in partner only. */
export const streakRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;
  const perMonth = config.economy.streakFreezesPerMonth;

  app.get("/streak", { schema: { response: { 200: streakReply } } }, async (request) => {
    signedInUser(request);
    const { current, best, answeredToday, frozenByMonth } = coupleStreak(db, perMonth);
    if (perMonth === 0) return { current, best, answered_today: answeredToday };
    const thisMonth = calendarDate(now(), config.dailyQuestion.timeZone).slice(0, 7);
    const freezesLeft = Math.max(0, perMonth - (frozenByMonth.get(thisMonth) ?? 0));
    return { current, best, answered_today: answeredToday, freezes_left: freezesLeft };
  });
};
