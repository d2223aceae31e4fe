import { coupleStreak } from "@spankbank/db/streak";
import { streakReply } from "@spankbank/shared/contract/streak";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** The couple's streak (issue 36): the same for both partners, to a signed-in partner only. */
export const streakRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get("/streak", { schema: { response: { 200: streakReply } } }, async (request) => {
    signedInUser(request);
    const { current, best, answeredToday } = coupleStreak(db, config.economy.streakFreezesPerMonth);
    return { current, best, answered_today: answeredToday };
  });
};
