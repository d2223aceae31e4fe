import cookie from "@fastify/cookie";
import { userForSession } from "@spankbank/db/sessions";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { httpError } from "./errors.js";

export const SESSION_COOKIE = "spankbank_session";

/**
 * Reads the session cookie into `request.user` on every request. The hooks here and below take
 * `done` rather than returning a promise: they never wait, and each request runs them.
 */
export async function registerSession(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("user", null);
  app.addHook("onRequest", (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? (userForSession(app.ctx.db, app.ctx.config, token, app.ctx.now()) ?? null) : null;
    done();
  });
}

/**
 * Refuses every route of the context it is added to with 401 unless it is marked public. Added
 * inside the /api plugin, so it guards each API route however its URL is spelled (`/%61pi/...`
 * reaches the same route); unknown paths still answer 404, revealing nothing.
 */
export function requireSession(api: FastifyInstance): void {
  // Worked out once per route, not per request: `request.routeOptions` builds a new object each time.
  api.addHook("onRoute", (route) => {
    if (route.config?.public) return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...hooks, signedInOnly];
  });
}

const signedInOnly: onRequestHookHandler = (request, _reply, done) => {
  done(request.user ? undefined : httpError(401, "Sign in first"));
};

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
  // Either of the partner's own names is theirs: the login name, or the Discord name answers carry.
  if (named.username !== undefined && named.username !== user.username && named.username !== user.responseName) {
    throw httpError(403, "username must be your own");
  }
  if (named.discordId !== undefined && named.discordId !== user.discordId) {
    throw httpError(403, "discordId must be your own");
  }
  return user;
}
