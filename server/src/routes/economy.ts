import { Refusal } from "@spankbank/db/errors";
import { balanceOf } from "@spankbank/db/ledger";
import { type PurchaseOutcome, purchaseProductOnce } from "@spankbank/db/purchase";
import { errorBody, usernameQuery } from "@spankbank/shared/contract/common";
import {
  purchaseBody,
  purchaseRefusal,
  purchaseReply,
  spankTotalQuery,
  spankTotalReply,
} from "@spankbank/shared/contract/economy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { refusalBody } from "../plugins/errors.js";
import { keyedHeaders } from "../plugins/keyedWrites.js";
import { assertNamesSelf } from "../plugins/session.js";

/** Fastify's error shape plus the spec's `success: false`, so the page can show the message. */
const purchaseRefusalReply = errorBody.extend(purchaseRefusal.shape);

export const economyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get(
    "/spankTotal",
    { schema: { querystring: spankTotalQuery, response: { 200: spankTotalReply } } },
    async (request) => {
      const user = assertNamesSelf(request, { discordId: request.query.discordId });
      return { spankTotal: balanceOf(db, { userId: user.id }) };
    },
  );

  app.post(
    "/purchase",
    {
      schema: {
        querystring: usernameQuery,
        headers: keyedHeaders,
        body: purchaseBody,
        response: { 200: purchaseReply, 404: purchaseRefusalReply, 409: purchaseRefusalReply },
      },
    },
    async (request, reply) => {
      const buyer = assertNamesSelf(request, { username: request.query.username });
      const { outcome } = purchaseProductOnce(db, {
        buyerId: buyer.id,
        productId: request.body.productId,
        expectedPrice: request.body.expectedPrice,
        basedOn: request.body.based_on,
        idempotencyKey: request.headers["idempotency-key"],
        now: now(),
      });
      const answer = purchaseReplyOf(outcome);
      return reply.code(answer.statusCode).send(answer.body);
    },
  );
};

type PurchaseAnswer =
  | { statusCode: 200; body: z.infer<typeof purchaseReply> }
  | { statusCode: 404 | 409; body: z.infer<typeof purchaseRefusalReply> };

/** The answer a purchase gets, the same whether it happened now or is replayed for its key. */
function purchaseReplyOf(outcome: PurchaseOutcome): PurchaseAnswer {
  if (outcome instanceof Refusal) {
    // A purchase only refuses an unknown product (404) or a sale it cannot make (409).
    const body = { ...refusalBody(outcome), success: false as const };
    return { statusCode: body.statusCode as 404 | 409, body };
  }
  return { statusCode: 200, body: { success: true, newSpankTotal: outcome.newSpankTotal, message: outcome.message } };
}
