import { stat } from "node:fs/promises";
import { basename, join } from "node:path";
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
/** `bytes=` then ranges: `first-`, `first-last` or `-suffix`, comma-separated (RFC 9110 section 14.1.1). */
const BYTE_RANGES = /^bytes=\s*((\d+-\d*|-\d+)\s*(,\s*(\d+-\d*|-\d+)\s*)*)$/;

/**
 * The Range header as @fastify/send should read it, or undefined for one to ignore (the whole file
 * is sent): RFC 9110 ignores a Range it cannot read (`bytes=5-2`, `bytes=`) and takes a suffix
 * longer than the file as the whole file, where send answers both 416 (its own parser is kept
 * otherwise: ranges past the end stay 416, several ranges the whole file).
 */
function rangeAsSent(range: string, size: number): string | undefined {
  const ranges = BYTE_RANGES.exec(range.trim())?.[1];
  if (ranges === undefined) return undefined;
  const specs = ranges.split(",").map((spec) => spec.trim());
  const invalid = specs.some((spec) => {
    const [first, last] = spec.split("-");
    return first !== "" && last !== "" && Number(last) < Number(first);
  });
  if (invalid) return undefined;
  return `bytes=${specs.map((spec) => (spec.startsWith("-") && Number(spec.slice(1)) >= size && size > 0 ? "0-" : spec)).join(",")}`;
}

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
    const range = request.headers.range;
    if (range !== undefined) {
      const size = (await stat(join(folder, basename(image.fileName))).catch(() => undefined))?.size;
      const readable = size === undefined ? range : rangeAsSent(range, size);
      if (readable === undefined) delete request.raw.headers.range;
      else request.raw.headers.range = readable;
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
