import { setColorSchemeOf } from "@spankbank/db/partnerSettings";
import { colorSchemeBody, colorSchemeReply } from "@spankbank/shared/contract/colorScheme";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** The menu's colours (Auto, Light, Dark): the signed-in partner's own; the session answer carries it back. */
export const colorSchemeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.put(
    "/color-scheme",
    { schema: { body: colorSchemeBody, response: { 200: colorSchemeReply } } },
    async (request) => ({
      colorScheme: setColorSchemeOf(db, signedInUser(request).id, request.body.colorScheme, now()),
    }),
  );
};
