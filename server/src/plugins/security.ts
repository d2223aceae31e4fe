import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { httpError } from "./errors.js";
import { zodSchemaController } from "./serialize.js";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Security headers on every answer, worked out once at start. The page, its scripts and any path
 * outside the API get helmet's full set with a strict CSP (no inline script but the build's own, by
 * hash); an API answer gets `apiAnswerHeaders`.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; inlineScripts: readonly string[] },
): Promise<void> {
  const pageHeaders = await helmetHeaders(helmetOptions(options.https, options.inlineScripts));
  const answerHeaders = apiHeaders(pageHeaders);
  app.addHook("onRequest", (request, reply, done) => {
    // An API route sets its own (`secureApiAnswers`); an unknown API path is answered here.
    if (!request.url.startsWith("/api/")) reply.headers(pageHeaders);
    else if (request.is404) reply.headers(answerHeaders);
    done();
  });
  app.decorate("apiAnswerHeaders", answerHeaders);
}

declare module "fastify" {
  interface FastifyInstance {
    /** What every API answer carries (see `secureApiAnswers`). */
    apiAnswerHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * Every answer of the context it is added to (the /api plugin, so however its URL is spelled) is
 * never a page: it gets the headers OWASP's REST Security Cheat Sheet names for an API, and is never
 * stored by a cache (a partner's data stays off shared disks).
 */
export function secureApiAnswers(api: FastifyInstance): void {
  const headers = api.apiAnswerHeaders;
  api.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** It may not be framed, sniffed, read by another site or stored; HSTS as the page has it. */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const hsts = pageHeaders["strict-transport-security"];
  return {
    "content-security-policy": "frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "no-store",
    ...(hsts === undefined ? {} : { "strict-transport-security": hsts }),
  };
}

/** `inlineScripts`: the hashes of the build's inline scripts (`firstPaintScriptSources`), each allowed by name. */
function helmetOptions(https: boolean, inlineScripts: readonly string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
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
 * spelling of the URL cannot dodge them): a JSON body for POST/PUT (uncompressed), and a mutation that carries
 * an Origin header must come from one of this app's origins (`PUBLIC_URL`'s, by default the
 * address it listens on, in each loopback spelling).
 */
export function requireSameOriginJson(api: FastifyInstance, options: { publicOrigins: readonly string[] }): void {
  api.addHook("onRequest", (request, _reply, done) => {
    done(crossSiteRefusal(request, options.publicOrigins));
  });
}

/** Why a request breaks a CSRF rule (403 or 415), or undefined: a read never does. */
function crossSiteRefusal(request: FastifyRequest, publicOrigins: readonly string[]): Error | undefined {
  if (!MUTATIONS.has(request.method)) return undefined;
  const origin = request.headers.origin;
  // The configured origin, not the request's own Host header, which a rebound name controls.
  if (origin !== undefined && !publicOrigins.includes(origin)) {
    return httpError(403, "Cross-site request refused: the Origin header is not this app's origin");
  }
  if (request.method === "POST" || request.method === "PUT") {
    const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    // Routes that take no body (logout) accept a bare POST: no body, so no content type.
    if (request.routeOptions.config.bodyless && type === undefined && !hasBody(request)) return undefined;
    if (type !== "application/json") return httpError(415, "Content-Type must be application/json");
  }
  // No browser compresses what it sends, and the server does not inflate it: refused, not misread.
  const encoding = request.headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") {
    return httpError(415, "Content-Encoding: send the body uncompressed");
  }
  return undefined;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}
