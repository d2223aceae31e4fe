import {
  approveBounty,
  type Bounty,
  claimBounty,
  listBounties,
  markBountyDone,
  postBounty,
  sendBackBounty,
  withdrawBounty,
} from "@spankbank/db/bounties";
import {
  bountiesReply,
  bountyBody,
  bountyDoneBody,
  bountyReply,
  bountySendBackBody,
  type Bounty as WireBounty,
} from "@spankbank/shared/contract/bounties";
import { idParams } from "@spankbank/shared/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

export const wireBounty = (bounty: Bounty): WireBounty => ({
  id: bounty.id,
  title: bounty.title,
  reward: bounty.reward,
  status: bounty.status,
  poster: bounty.posterUsername,
  doer: bounty.doerUsername,
  due_date: bounty.dueDay,
  due_at: bounty.dueAt,
  done_note: bounty.doneNote,
  sent_back_reason: bounty.sentBackReason,
  created_at: bounty.createdAt,
  settled_at: bounty.settledAt,
});

/**
 * Bounties (issue 36): who acts is always the signed-in partner. Every change answers the bounty
 * as it now stands, and repeating one changes nothing (the same answer again).
 */
export const bountyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.ctx;
  const bodyless = { config: { bodyless: true }, schema: { params: idParams, response: { 200: bountyReply } } };

  app.get("/bounties", { schema: { response: { 200: bountiesReply } } }, async () => ({
    bounties: listBounties(db).map(wireBounty),
  }));

  app.post("/bounties", { schema: { body: bountyBody, response: { 201: bountyReply } } }, async (request, reply) =>
    reply.code(201).send({ bounty: wireBounty(postBounty(db, signedInUser(request).id, request.body, now())) }),
  );

  app.post("/bounties/:id/claim", bodyless, async (request) => ({
    bounty: wireBounty(claimBounty(db, signedInUser(request).id, request.params.id, now())),
  }));

  app.post(
    "/bounties/:id/done",
    { schema: { params: idParams, body: bountyDoneBody, response: { 200: bountyReply } } },
    async (request) => ({
      bounty: wireBounty(markBountyDone(db, signedInUser(request).id, request.params.id, request.body.note, now())),
    }),
  );

  app.post("/bounties/:id/approve", bodyless, async (request) => ({
    bounty: wireBounty(approveBounty(db, signedInUser(request).id, request.params.id, now())),
  }));

  app.post(
    "/bounties/:id/send-back",
    { schema: { params: idParams, body: bountySendBackBody, response: { 200: bountyReply } } },
    async (request) => ({
      bounty: wireBounty(sendBackBounty(db, signedInUser(request).id, request.params.id, request.body.reason, now())),
    }),
  );

  app.post("/bounties/:id/withdraw", bodyless, async (request) => ({
    bounty: wireBounty(withdrawBounty(db, signedInUser(request).id, request.params.id, now())),
  }));
};
