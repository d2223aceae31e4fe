import compress from "@fastify/compress";
import { COMPRESS_FROM_BYTES } from "@spankbank/shared/limits";
import type { FastifyInstance } from "fastify";

/**
 * Compresses answers of COMPRESS_FROM_BYTES and more (brotli at its fast default level, or gzip)
 * when the client accepts it; the web assets arrive already compressed from the build and are left
 * as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: COMPRESS_FROM_BYTES, encodings: ["br", "gzip"] });
}
