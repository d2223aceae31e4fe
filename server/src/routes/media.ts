import { basename } from "node:path";
import send from "@fastify/send";
import { mediaFolder, memoryImageById } from "@spankbank/db/media";
import { idParams } from "@spankbank/shared/contract/common";
import { mediaQuery } from "@spankbank/shared/contract/memories";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { httpError } from "../plugins/errors.js";

/**
 * A memory's stored image, voice message or video, to a signed-in partner only (the session hook
 * guards it). Range requests are answered (206, or 416 for a range outside the file), so a
 * player reads a clip's length from its end and seeks without downloading it all.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const folder = mediaFolder(db);

  app.get("/media/:id", { schema: { params: idParams, querystring: mediaQuery } }, async (request, reply) => {
    const image = memoryImageById(db, request.params.id);
    const { v: named } = request.query;
    // An address given for another file (its id given again by a restore) never shows this one.
    if (!image || (named !== undefined && named !== image.fileName)) {
      throw httpError(404, `No image with id ${request.params.id}`);
    }
    // The name comes from our own database, never from the request; basename is a second guard.
    const { statusCode, headers, stream, type, metadata } = await send(
      request.raw,
      `/${encodeURIComponent(basename(image.fileName))}`,
      { root: folder, dotfiles: "deny", index: false, cacheControl: false, contentType: false },
    );
    if (type === "error") {
      stream.destroy();
      if (statusCode === 404) throw httpError(404, `The file of image ${image.id} is missing`);
      if (statusCode === 416) {
        reply.header("Content-Range", headers["Content-Range"]);
        throw httpError(416, "headers.range: not within the file");
      }
      throw Object.assign(metadata.error, { statusCode });
    }
    if (type === "file" && metadata.stat.size !== image.size) {
      request.log.warn({ imageId: image.id, stored: image.size, size: metadata.stat.size }, "image size differs");
    }
    // The lengths and ranges are the file's own: a wrong stored size never cuts an answer short.
    reply.headers(headers);
    // Only an address naming its file is for this photo alone, and kept for a year.
    reply.header("Cache-Control", named === undefined ? "private, no-cache" : "private, max-age=31536000, immutable");
    return reply.code(statusCode).type(image.contentType).send(stream);
  });
};
