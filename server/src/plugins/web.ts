import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app. Any other GET that is not under /api gets index.html, so a hard load
 * of a client route works; an unknown /api path is a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so those never change.
        if (path.startsWith(join(webRoot, "assets")))
          reply.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
    if (isPage && hasWeb) {
      reply.header("Cache-Control", "no-cache");
      return reply.type("text/html").sendFile("index.html");
    }
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
