import { archiveFileName, archiveText, exportArchive } from "@spankbank/db/archive";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** "Download our data": the archive of docs/export.md, to a signed-in partner only. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;

  app.get("/export", async (request, reply) => {
    const user = signedInUser(request);
    const at = now();
    // The partner's answers stay sealed in the download as they are on the page.
    const sealedFor = config.questions.revealAfterBothAnswered ? user.id : undefined;
    // Letters for later to this partner leave the server only once opened.
    const archive = exportArchive(db, at, { sealedFor, downloadedBy: user.id });
    reply.header("Cache-Control", "no-store");
    reply.header("Content-Disposition", `attachment; filename="${archiveFileName(at)}"`);
    return reply.type("application/json; charset=utf-8").send(archiveText(archive));
  });
};
