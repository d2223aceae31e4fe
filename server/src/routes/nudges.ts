import { type NudgesToday, nudgesToday, sendNudge } from "@spankbank/db/nudges";
import { nudgeBody, nudgeSentReply, nudgesReply } from "@spankbank/shared/contract/nudges";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { keyedHeaders, writeOnce } from "../plugins/keyedWrites.js";
import { signedInUser } from "../plugins/session.js";

const wire = (today: NudgesToday) => ({
  received_today: today.receivedToday,
  sent_today: today.sentToday,
  left_today: today.leftToday,
});

/** "Thinking of you" (issue 36): the sender is always the signed-in partner, the recipient the other. */
export const nudgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;

  app.get("/nudges", { schema: { response: { 200: nudgesReply } } }, async (request) =>
    wire(nudgesToday(db, signedInUser(request).id, now())),
  );

  app.post(
    "/nudges",
    { schema: { headers: keyedHeaders, body: nudgeBody, response: { 201: nudgeSentReply } } },
    async (request, reply) => {
      const sender = signedInUser(request).id;
      const sent = writeOnce(request, sender, (tx) => {
        const { nudge, ...today } = sendNudge(tx, sender, request.body.line ?? null, now());
        return { nudge: { id: nudge.id, line: nudge.line, created_at: nudge.createdAt }, ...wire(today) };
      });
      return reply.code(201).send(sent);
    },
  );
};
