import { listExpiredFavours, noticeExpiredFavours } from "@spankbank/db/expiredFavours";
import { DAY_MS } from "@spankbank/shared/calendar";
import {
  expiredFavoursNoticedBody,
  expiredFavoursNoticedReply,
  expiredFavoursReply,
} from "@spankbank/shared/contract/expiredFavours";
import { EXPIRED_FAVOUR_SHOWN_DAYS } from "@spankbank/shared/limits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** Favours that expired unused, for both partners: the lines in Redeemed and Owed, and the toast told once each. */
export const expiredFavourRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get("/expired-favours", { schema: { response: { 200: expiredFavoursReply } } }, async (request) => {
    const user = signedInUser(request);
    const since = new Date(now().getTime() - EXPIRED_FAVOUR_SHOWN_DAYS * DAY_MS);
    const expired = listExpiredFavours(db, user.id, since).map((favour) => ({
      id: favour.id,
      name: favour.name,
      price: favour.price,
      expired_at: favour.expiredAt,
      buyer: favour.buyerUsername,
      seller: favour.sellerUsername,
      noticed: favour.noticed,
    }));
    return { expired };
  });

  app.post(
    "/expired-favours/noticed",
    { schema: { body: expiredFavoursNoticedBody, response: { 200: expiredFavoursNoticedReply } } },
    async (request) => {
      const user = signedInUser(request);
      return { noticed: noticeExpiredFavours(db, user.id, request.body.purchase_ids, now()) };
    },
  );
};
