import { constants } from "node:zlib";
import compress from "@fastify/compress";
import { COMPRESS_FROM_BYTES } from "@spankbank/shared/limits";
import type { FastifyInstance } from "fastify";

/** Every answer the API gives is well under this (each list is paged): each is compressed in one call. */
const COMPRESSED_IN_ONE_CALL_BYTES = 256 * 1024;

/**
 * Compresses answers of COMPRESS_FROM_BYTES and more (brotli at its fast default level, or gzip)
 * when the client accepts it; the web assets arrive already compressed from the build and are left
 * as they are. Each answer is compressed in one call with a 256 KB window rather than through a
 * stream with brotli's 4 MB one: ten lists answered at once held a stream's buffers each, most of
 * the server's memory under load.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    encodings: ["br", "gzip"],
    // Requests are small JSON that no browser compresses: no hook of its own on every request.
    globalDecompression: false,
    syncThreshold: COMPRESSED_IN_ONE_CALL_BYTES,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
    },
  });
}
