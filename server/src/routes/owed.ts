import { listOwedFavours } from "@spankbank/db/owed";
import { owedReply } from "@spankbank/shared/contract/owed";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** The seller's side of a redemption: the favours the other partner is waiting for. */
export const owedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get("/owed", { schema: { response: { 200: owedReply } } }, async (request) => {
    const seller = signedInUser(request);
    const owed = listOwedFavours(db, seller.id).map((favour) => ({
      id: favour.id,
      name: favour.name,
      description: favour.description,
      price: favour.price,
      redeemed_at: favour.redeemedAt,
      username: favour.buyerUsername,
      note: favour.note,
      wished_at: favour.wishedAt,
    }));
    return { owed, escrowTotal: owed.reduce((sum, favour) => sum + favour.price, 0) };
  });
};
