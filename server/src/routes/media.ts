import { createReadStream, existsSync } from "node:fs";
import { basename, join } from "node:path";
import { mediaFolder, memoryImageById } from "@spankbank/db/media";
import { idParams } from "@spankbank/shared/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { httpError } from "../plugins/errors.js";

/** A memory's stored image, to a signed-in partner only (the session hook guards it). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const folder = mediaFolder(db);

  app.get("/media/:id", { schema: { params: idParams } }, async (request, reply) => {
    const image = memoryImageById(db, request.params.id);
    if (!image) throw httpError(404, `No image with id ${request.params.id}`);
    // The name comes from our own database, never from the request; basename is a second guard.
    const path = join(folder, basename(image.fileName));
    if (!existsSync(path)) throw httpError(404, `The file of image ${image.id} is missing`);
    reply.header("Cache-Control", "private, max-age=31536000, immutable");
    reply.header("Content-Length", image.size);
    return reply.type(image.contentType).send(createReadStream(path));
  });
};
