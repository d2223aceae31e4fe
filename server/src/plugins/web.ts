import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from "./caching.js";

/**
 * Serves the built web app, with the .br and .gz copies the build wrote when the browser accepts
 * them. Any other GET that is not under /api gets index.html, so a hard load of a client route
 * works; an unknown /api path is a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, "index.html"));
  if (hasWeb) {
    const assets = join(webRoot, "assets");
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are found beside each file; they need no route of their own.
      globIgnore: ["**/*.br", "**/*.gz"],
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so those never change.
        if (path.startsWith(assets)) reply.header("Cache-Control", CACHE_IMMUTABLE);
        else if (basename(path).startsWith("index.html")) reply.header("Cache-Control", CACHE_REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
    if (isPage && hasWeb) {
      reply.header("Cache-Control", CACHE_REVALIDATE);
      return reply.type("text/html").sendFile("index.html");
    }
    reply.header("Cache-Control", "no-store");
    return reply.code(404).send({
      statusCode: 404,
      error: "Not Found",
      message: `Route ${request.method}:${request.url.split("?")[0]} not found`,
    });
  });
}

/** `/api`, `/API/...`, `/%61pi/...`: every spelling of the API's prefix is the API, never the page. */
function isApiPath(url: string): boolean {
  const path = url.split("?")[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {}
  return /^\/api(\/|$)/i.test(decoded);
}
