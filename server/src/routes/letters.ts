import { type Letter, letterFrom, letterTo, writeLetter } from "@spankbank/db/letters";
import { letterBody, letterReply } from "@spankbank/shared/contract/letters";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

const wire = (letter: Letter | null) => letter && { text: letter.text, updated_at: letter.updatedAt };

/** The Christmas letter: read the one your partner wrote to you, write your own to them. */
export const letterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get("/letter", { schema: { response: { 200: letterReply } } }, async (request) => {
    const user = signedInUser(request);
    return { letter: wire(letterTo(db, user.id)), draft: wire(letterFrom(db, user.id)) };
  });

  app.put("/letter", { schema: { body: letterBody, response: { 200: letterReply } } }, async (request) => {
    const user = signedInUser(request);
    const { text, basedOn } = request.body;
    const draft = writeLetter(db, { fromUserId: user.id, text, basedOn, now: now() });
    return { letter: wire(letterTo(db, user.id)), draft: wire(draft) };
  });
};
