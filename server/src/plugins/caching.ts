import type { FastifyInstance } from "fastify";

/** Hashed asset names change with their content, so a browser may keep them for a year. */
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html names the current build's assets: the browser asks again every time (an ETag answers 304). */
export const CACHE_REVALIDATE = "no-cache";

/** Every answer of the context it is added to (the /api plugin) is never stored by a cache. */
export function neverCached(api: FastifyInstance): void {
  api.addHook("onRequest", (_request, reply, done) => {
    reply.header("Cache-Control", "no-store");
    done();
  });
}
