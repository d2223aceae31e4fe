import { userByUsername } from "@spankbank/db/couple";
import {
  clearLoginFailures,
  isKnownClient,
  purgeOldLoginRecords,
  recordLoginFailure,
  rememberClient,
  secondsUntilLoginAllowed,
} from "@spankbank/db/loginThrottle";
import { decoyHashLike } from "@spankbank/db/password";
import {
  createSession,
  credentialOf,
  deleteSession,
  deleteSessionsOf,
  purgeExpiredSessions,
} from "@spankbank/db/sessions";
import type { CoupleConfig } from "@spankbank/shared/config";
import { loginBody, loginReply, sessionAnswer } from "@spankbank/shared/contract/auth";
import { PASSWORD_CHECKS_WAITING_MAX, SESSION_TTL_MS } from "@spankbank/shared/limits";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PasswordChecks } from "../auth/passwordChecks.js";
import { SESSION_COOKIE, signedInUser } from "../plugins/auth.js";
import { httpError } from "../plugins/errors.js";
import { toCoupleSummary, toSessionUser } from "./people.js";

const INVALID_LOGIN = "Invalid username or password";
/** Expired sessions and login failures that no longer count are deleted this often. */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

export const authRoutes: FastifyPluginAsyncZod<{ https: boolean }> = async (app, { https }) => {
  const { db, config, demo, now } = app.ctx;

  // Every stored partner hash has the same cost, and so does the decoy that stands for unknown names.
  const passwordChecks = new PasswordChecks({
    maxWaiting: PASSWORD_CHECKS_WAITING_MAX,
    decoyHash: decoyHashLike(config.partners[0].passwordHash),
  });
  const housekeeping = setInterval(() => {
    try {
      purgeExpiredSessions(db, now());
      purgeOldLoginRecords(db, now());
    } catch (error) {
      app.log.warn({ err: error }, "login housekeeping skipped; it runs again in a minute");
    }
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook("onClose", async () => clearInterval(housekeeping));

  app.post(
    "/auth/login",
    { config: { public: true }, schema: { body: loginBody, response: { 200: loginReply } } },
    async (request, reply) => {
      // Matched exactly, as the spec says; the throttle counts every spelling of a name together.
      const { username, password } = request.body;
      const attempt = { username, client: request.ip, known: isKnownClient(db, request.ip, now()) };
      const wait = secondsUntilLoginAllowed(db, attempt, now());
      if (wait > 0) {
        reply.header("Retry-After", String(wait));
        throw httpError(429, `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      const partner = findPartner(config, username);
      const ahead = passwordChecks.strangersAhead;
      const check = passwordChecks.check(password, partner?.passwordHash, attempt.known);
      if (!check) {
        // About one second per check ahead in line.
        reply.header("Retry-After", String(ahead + 1));
        throw httpError(503, "Too many sign-ins at once. Try again in a moment.");
      }
      // Counted as a failure before the slow check ends, so a burst of parallel guesses cannot
      // all pass the limit; a success clears it below. (If the write meets a held lock, the check
      // still finishes and gives its place back; only its answer is dropped.)
      try {
        recordLoginFailure(db, attempt, now());
      } catch (error) {
        void check.catch(() => undefined);
        throw error;
      }
      const valid = await check;
      const user = valid && partner ? userByUsername(db, partner.username) : undefined;
      if (!user) throw httpError(401, INVALID_LOGIN);
      clearLoginFailures(db, attempt);
      rememberClient(db, attempt.client, now());
      const old = request.cookies[SESSION_COOKIE];
      if (old) deleteSession(db, old);
      const credential = credentialOf(config, user.username);
      const session = createSession(db, { userId: user.id, credential }, now());
      setSessionCookie(reply, session.token, session.expiresAt, https);
      return { user: toSessionUser(user) };
    },
  );

  // Public: signed out already (a stale or missing cookie) is still 204, and the cookie is cleared.
  app.post(
    "/auth/logout",
    { config: { public: true, bodyless: true }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) deleteSession(db, token);
      reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: https });
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/auth/logout-everywhere",
    { config: { bodyless: true }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      deleteSessionsOf(db, signedInUser(request).id);
      reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: https });
      return reply.code(204).send(null);
    },
  );

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
