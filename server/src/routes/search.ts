import { type SearchHit, search } from "@spankbank/db/search";
import { type SearchResult, searchQuery, searchReply } from "@spankbank/shared/contract/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

const wire = (hit: SearchHit): SearchResult => ({
  kind: hit.kind,
  id: hit.id,
  excerpt: hit.excerpt,
  username: hit.username,
  created_at: hit.createdAt,
  ...(hit.title === undefined ? {} : { title: hit.title }),
  ...(hit.questionId === undefined ? {} : { question_id: hit.questionId }),
  ...(hit.boardPage === undefined ? {} : { board_page: hit.boardPage }),
});

/** The header's search (issue 37): what the signed-in partner may read, grouped by kind, newest first. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get("/search", { schema: { querystring: searchQuery, response: { 200: searchReply } } }, async (request) => {
    const reader = signedInUser(request);
    const { q, kind, page } = request.query;
    const groups = search(db, {
      readerId: reader.id,
      sealing: config.questions.revealAfterBothAnswered,
      text: q,
      kind,
      page,
    });
    return { groups: groups.map((group) => ({ ...group, results: group.results.map(wire) })) };
  });
};
