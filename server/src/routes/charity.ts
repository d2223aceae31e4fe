import { charityTotal } from "@spankbank/db/charity";
import { charityQuery, charityReply } from "@spankbank/shared/contract/economy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { httpError } from "../plugins/errors.js";
import { signedInUser } from "../plugins/session.js";

export const charityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get(
    "/charitySpankTotal",
    { schema: { querystring: charityQuery, response: { 200: charityReply } } },
    async (request) => {
      signedInUser(request);
      const { charityName } = request.query;
      if (charityName !== undefined && charityName !== config.charityName) {
        throw httpError(404, `Unknown charity: ${charityName}`);
      }
      return { charitySpankTotal: charityTotal(db) };
    },
  );
};
