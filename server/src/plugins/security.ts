import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import { httpError } from "./errors.js";
import { zodSchemaController } from "./serialize.js";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Security headers with a strict CSP, on every answer, worked out once at start. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  const headers = await helmetHeaders(helmetOptions(options.https));
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function helmetOptions(https: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables into a <style> element and style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: https ? { maxAge: 31536000 } : false,
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options, asked once of a throwaway instance: the plugin
 * rebuilds helmet and re-parses the CSP on every request, and our headers never vary.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ schemaController: zodSchemaController });
  await probe.register(helmet, options);
  probe.get("/", async (_request, reply) => reply.getHeaders());
  const answer = await probe.inject({ method: "GET", url: "/" });
  await probe.close();
  return answer.json<Record<string, string>>();
}

/**
 * The two CSRF rules, for every route of the context it is added to (the /api plugin, so the
 * spelling of the URL cannot dodge them): a JSON body for POST/PUT, and a mutation that carries
 * an Origin header must come from this app's own origin. Behind a TLS proxy the app sees http,
 * so the configured `https` decides the scheme.
 */
export function requireSameOriginJson(api: FastifyInstance, options: { https: boolean }): void {
  api.addHook("onRequest", async (request) => {
    if (!MUTATIONS.has(request.method)) return;
    const origin = request.headers.origin;
    const ownOrigin = `${options.https ? "https" : request.protocol}://${request.host}`;
    if (origin !== undefined && origin !== ownOrigin) {
      throw httpError(403, "Cross-site request refused: the Origin header is not this app's origin");
    }
    if (request.method === "POST" || request.method === "PUT") {
      const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json") {
        throw httpError(415, "Content-Type must be application/json");
      }
    }
  });
}
