import { userByUsername } from "@spankbank/db/couple";
import type { CoupleConfig } from "@spankbank/shared/config";
import { loginBody, loginReply, sessionAnswer } from "@spankbank/shared/contract/auth";
import { SESSION_TTL_MS } from "@spankbank/shared/limits";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clearLoginFailures,
  purgeOldLoginFailures,
  recordLoginFailure,
  secondsUntilLoginAllowed,
} from "../auth/loginThrottle.js";
import { DECOY_HASH, verifyPassword } from "../auth/password.js";
import { createSession, deleteSession, purgeExpiredSessions, SESSION_COOKIE } from "../auth/sessions.js";
import { httpError } from "../plugins/errors.js";
import { toCoupleSummary, toSessionUser } from "./people.js";

const INVALID_LOGIN = "Invalid username or password";

export const authRoutes: FastifyPluginAsyncZod<{ https: boolean }> = async (app, { https }) => {
  const { db, config, demo, now } = app.ctx;

  app.post(
    "/auth/login",
    { config: { public: true }, schema: { body: loginBody, response: { 200: loginReply } } },
    async (request, reply) => {
      // Matched exactly, as the spec says; the throttle counts every spelling of a name together.
      const { username } = request.body;
      const client = request.ip;
      const wait = secondsUntilLoginAllowed(db, username, client, now());
      if (wait > 0) {
        reply.header("Retry-After", String(wait));
        throw httpError(429, `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      // Counted as a failure before the slow check, so a burst of parallel guesses cannot all
      // pass the limit; a success clears it below.
      recordLoginFailure(db, username, client, now());
      const partner = findPartner(config, username);
      // Unknown names are checked against a decoy hash so both failures take the same time.
      const valid = await verifyPassword(request.body.password, partner?.passwordHash ?? DECOY_HASH);
      const user = valid && partner ? userByUsername(db, partner.username) : undefined;
      if (!user) throw httpError(401, INVALID_LOGIN);
      clearLoginFailures(db, username, client);
      purgeExpiredSessions(db, now());
      purgeOldLoginFailures(db, now());
      const old = request.cookies[SESSION_COOKIE];
      if (old) deleteSession(db, old);
      const session = createSession(db, user.id, now());
      setSessionCookie(reply, session.token, session.expiresAt, https);
      return { user: toSessionUser(user) };
    },
  );

  app.post("/auth/logout", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: https });
    return reply.code(204).send(null);
  });

  app.get(
    "/auth/session",
    { config: { public: true }, schema: { response: { 200: sessionAnswer } } },
    async (request) => {
      const user = request.user;
      if (!user) return null;
      return { user: toSessionUser(user), couple: toCoupleSummary(config, demo) };
    },
  );
};

function findPartner(config: CoupleConfig, username: string) {
  return config.partners.find((partner) => partner.username === username);
}

function setSessionCookie(reply: FastifyReply, token: string, expires: Date, https: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    expires,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}
