import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE, userForSession } from "../auth/sessions.js";
import { httpError } from "./errors.js";

/**
 * Reads the session cookie into `request.user` and refuses every /api route that is not marked
 * public with 401. Unknown /api paths still answer 404: they reveal nothing.
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? (userForSession(app.ctx.db, token, app.ctx.now()) ?? null) : null;
    if (!request.url.startsWith("/api/") || request.is404 || request.routeOptions.config.public) return;
    if (!request.user) throw httpError(401, "Sign in first");
  });
}

/** The signed-in partner. Only called behind the auth hook, so a missing user is a bug. */
export function signedInUser(request: FastifyRequest) {
  if (!request.user) throw httpError(401, "Sign in first");
  return request.user;
}

/**
 * The spec lets the client name itself (`username`, `discordId`); the session decides who that
 * is, and naming anyone else is refused.
 */
export function assertNamesSelf(
  request: FastifyRequest,
  named: { username?: string | undefined; discordId?: string | undefined },
) {
  const user = signedInUser(request);
  if (named.username !== undefined && named.username !== user.username) {
    throw httpError(403, "username must be your own");
  }
  if (named.discordId !== undefined && named.discordId !== user.discordId) {
    throw httpError(403, "discordId must be your own");
  }
  return user;
}
