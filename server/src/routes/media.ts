import { open } from "node:fs/promises";
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
    const file = await open(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") throw httpError(404, `The file of image ${image.id} is missing`);
      throw error;
    });
    // The length is the file's own: a wrong stored size would cut the answer short or never end it.
    const { size } = await file.stat().catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
    if (size !== image.size) request.log.warn({ imageId: image.id, stored: image.size, size }, "image size differs");
    reply.header("Cache-Control", "private, max-age=31536000, immutable");
    reply.header("Content-Length", size);
    // The stream closes the file when it ends or the answer is aborted.
    return reply.type(image.contentType).send(file.createReadStream());
  });
};
