import { archiveFileName, archiveSizeAbout, exportArchive } from "@spankbank/db/archive";
import { exportSizeReply } from "@spankbank/shared/contract/export";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../plugins/session.js";

/** "Download our data": the zip of docs/export.md, to a signed-in partner only, streamed as it is written. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.ctx;
  const attachment = (at: Date) => `attachment; filename="${archiveFileName(at)}"`;

  // Its own HEAD: Fastify's would build the whole archive to throw it away.
  app.get("/export", { exposeHeadRoute: false }, async (request, reply) => {
    const user = signedInUser(request);
    const at = now();
    // The partner's answers stay sealed in the download as they are on the page.
    const sealedFor = config.questions.revealAfterBothAnswered ? user.id : undefined;
    // Letters for later to this partner leave the server only once opened.
    const archive = await exportArchive(db, at, { sealedFor, downloadedBy: user.id });
    reply.header("Content-Disposition", attachment(at));
    // Known ahead, so the browser shows how far the download is.
    reply.header("Content-Length", archive.size);
    return reply.type("application/zip").send(archive.stream);
  });

  app.get("/export/size", { schema: { response: { 200: exportSizeReply } } }, async (request) => {
    signedInUser(request);
    return { about_bytes: archiveSizeAbout(db) };
  });

  app.head("/export", async (request, reply) => {
    signedInUser(request);
    reply.header("Content-Disposition", attachment(now()));
    return reply.type("application/zip").send();
  });
};
