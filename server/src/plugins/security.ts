import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { httpError } from "./errors.js";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Security headers with a strict CSP, and the two CSRF rules: a JSON body for POST/PUT, and any
 * mutation that carries an Origin header must come from this app's own origin.
 */
export async function registerSecurity(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
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
    hsts: options.https ? { maxAge: 31536000 } : false,
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook("onRequest", async (request) => {
    if (!MUTATIONS.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
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
