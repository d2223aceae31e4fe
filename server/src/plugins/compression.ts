import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Compresses answers above 1 KB (brotli at its fast default level, or gzip) when the client
 * accepts it; the web assets arrive already compressed from the build and are left as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
}
