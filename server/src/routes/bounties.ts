import { open } from "node:fs/promises";
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
import { bountyPhotoFile, discardBountyPhoto, storeBountyPhoto } from "@spankbank/db/bountyPhotos";
import {
  bountiesReply,
  bountyApproveQuery,
  bountyBody,
  bountyDoneBody,
  bountyReply,
  bountySendBackBody,
  bountySendBackQuery,
  type Bounty as WireBounty,
} from "@spankbank/shared/contract/bounties";
import { idParams } from "@spankbank/shared/contract/common";
import { PHOTO_BASE64_MAX } from "@spankbank/shared/limits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { httpError } from "../plugins/errors.js";
import { keyedHeaders, writeOnce } from "../plugins/keyedWrites.js";
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
  done_photo: bounty.donePhotoFile === null ? null : `/api/bounties/${bounty.id}/photo`,
  sent_back_reason: bounty.sentBackReason,
  done_at: bounty.doneAt,
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

  app.post(
    "/bounties",
    { schema: { headers: keyedHeaders, body: bountyBody, response: { 201: bountyReply } } },
    async (request, reply) => {
      const poster = signedInUser(request).id;
      const posted = writeOnce(request, poster, (tx) => ({
        bounty: wireBounty(postBounty(tx, poster, request.body, now())),
      }));
      return reply.code(201).send(posted);
    },
  );

  app.post("/bounties/:id/claim", bodyless, async (request) => ({
    bounty: wireBounty(claimBounty(db, signedInUser(request).id, request.params.id, now())),
  }));

  app.post(
    "/bounties/:id/done",
    {
      // A photo travels in the body as base64: room for the largest one, and its note.
      bodyLimit: PHOTO_BASE64_MAX + 64 * 1024,
      schema: { params: idParams, body: bountyDoneBody, response: { 200: bountyReply } },
    },
    async (request) => {
      const { id } = request.params;
      const { note, photo } = request.body;
      const user = signedInUser(request);
      const stored = photo === undefined ? undefined : storeBountyPhoto(db, Buffer.from(photo, "base64"));
      try {
        const bounty = markBountyDone(db, user.id, id, note, now(), stored);
        // Said again while done: the photo already kept stays, this one is not kept.
        if (stored && bounty.donePhotoFile !== stored.fileName) discardBountyPhoto(db, stored);
        return { bounty: wireBounty(bounty) };
      } catch (error) {
        if (stored) discardBountyPhoto(db, stored);
        throw error;
      }
    },
  );

  app.get("/bounties/:id/photo", { schema: { params: idParams } }, async (request, reply) => {
    const photo = bountyPhotoFile(db, request.params.id);
    if (!photo) throw httpError(404, `Bounty ${request.params.id} has no photo`);
    const file = await open(photo.path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") throw httpError(404, `The photo of bounty ${request.params.id} is missing`);
      throw error;
    });
    const { size } = await file.stat().catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
    reply.header("Cache-Control", "private, no-store");
    reply.header("Content-Length", size);
    return reply.type(photo.contentType).send(file.createReadStream());
  });

  app.post(
    "/bounties/:id/approve",
    { ...bodyless, schema: { ...bodyless.schema, querystring: bountyApproveQuery } },
    async (request) => ({
      bounty: wireBounty(approveBounty(db, signedInUser(request).id, request.params.id, now(), request.query.done_at)),
    }),
  );

  app.post(
    "/bounties/:id/send-back",
    {
      schema: {
        params: idParams,
        querystring: bountySendBackQuery,
        body: bountySendBackBody,
        response: { 200: bountyReply },
      },
    },
    async (request) => ({
      bounty: wireBounty(
        sendBackBounty(
          db,
          signedInUser(request).id,
          request.params.id,
          request.body.reason,
          now(),
          request.query.done_at,
        ),
      ),
    }),
  );

  app.post("/bounties/:id/withdraw", bodyless, async (request) => ({
    bounty: wireBounty(withdrawBounty(db, signedInUser(request).id, request.params.id, now())),
  }));
};
