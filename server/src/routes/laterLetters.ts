import {
  editLaterLetter,
  type LaterLetter,
  laterLetterPage,
  openLaterLetter,
  readLaterLetter,
  takeBackLaterLetter,
  writeLaterLetter,
} from "@spankbank/db/laterLetters";
import { idParams } from "@spankbank/shared/contract/common";
import {
  laterLetterBody,
  laterLetterChangeBody,
  laterLetterReply,
  laterLettersQuery,
  laterLettersReply,
  laterLetterTakeBackQuery,
  type LaterLetter as WireLetter,
} from "@spankbank/shared/contract/laterLetters";
import { LATER_LETTERS_PER_PAGE } from "@spankbank/shared/limits";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { keyedHeaders, writeOnce } from "../plugins/keyedWrites.js";
import { signedInUser } from "../plugins/session.js";

/**
 * Letters for later: write one to your partner for a moment, read the ones written to you once
 * they open. The writer comes from the session; the text of a sealed letter never leaves the db's
 * `readLaterLetter`/`laterLetterPage` for its recipient.
 */
export const laterLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.get(
    "/later-letters",
    { schema: { querystring: laterLettersQuery, response: { 200: laterLettersReply } } },
    async (request) => {
      const user = signedInUser(request);
      const { page = 1, to_you_page = page, from_you_page = page } = request.query;
      const pages = { toYou: to_you_page, fromYou: from_you_page };
      const letters = laterLetterPage(db, user.id, pages, LATER_LETTERS_PER_PAGE, now());
      const pageCount = Math.max(letters.toYouPageCount, letters.fromYouPageCount);
      return {
        to_you: letters.toYou.map(wire),
        from_you: letters.fromYou.map(wire),
        anniversary: config.anniversary ?? null,
        to_you_page: letters.toYouPage,
        to_you_page_count: letters.toYouPageCount,
        from_you_page: letters.fromYouPage,
        from_you_page_count: letters.fromYouPageCount,
        page: Math.min(page, pageCount),
        pageCount,
        to_you_total: letters.toYouTotal,
        from_you_total: letters.fromYouTotal,
        to_you_waiting: letters.toYouWaiting,
      };
    },
  );

  app.post(
    "/later-letters",
    { schema: { headers: keyedHeaders, body: laterLetterBody, response: { 201: laterLetterReply } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const sealed = writeOnce(request, user.id, (tx) => {
        const letter = writeLaterLetter(tx, {
          fromUserId: user.id,
          ...request.body,
          anniversary: config.anniversary,
          now: now(),
        });
        return { letter: wire(letter) };
      });
      return reply.code(201).send(sealed);
    },
  );

  app.get(
    "/later-letters/:id",
    { schema: { params: idParams, response: { 200: laterLetterReply } } },
    async (request) => {
      const user = signedInUser(request);
      return { letter: wire(readLaterLetter(db, { userId: user.id, id: request.params.id, now: now() })) };
    },
  );

  app.put(
    "/later-letters/:id",
    { schema: { params: idParams, body: laterLetterChangeBody, response: { 200: laterLetterReply } } },
    async (request) => {
      const user = signedInUser(request);
      const { based_on: basedOn, ...letterBody } = request.body;
      const letter = editLaterLetter(db, {
        id: request.params.id,
        fromUserId: user.id,
        ...letterBody,
        basedOn,
        anniversary: config.anniversary,
        now: now(),
      });
      return { letter: wire(letter) };
    },
  );

  app.delete(
    "/later-letters/:id",
    { schema: { params: idParams, querystring: laterLetterTakeBackQuery, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const basedOn = request.query.based_on;
      takeBackLaterLetter(db, { userId: user.id, id: request.params.id, basedOn, now: now() });
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/later-letters/:id/open",
    { config: { bodyless: true }, schema: { params: idParams, response: { 200: laterLetterReply } } },
    async (request) => {
      const user = signedInUser(request);
      return { letter: wire(openLaterLetter(db, { userId: user.id, id: request.params.id, now: now() })) };
    },
  );
};

function wire(letter: LaterLetter): WireLetter {
  return {
    id: letter.id,
    from: letter.from,
    to: letter.to,
    opening: letter.opening,
    opens_at: letter.opensAt,
    state: letter.state,
    text: letter.text,
    written_at: letter.writtenAt,
    updated_at: letter.updatedAt,
    opened_at: letter.openedAt,
  };
}
