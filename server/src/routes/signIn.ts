import { randomBytes } from "node:crypto";
import { inTransaction } from "@spankbank/db/client";
import { userByUsername } from "@spankbank/db/couple";
import {
  addressGroup,
  clearLoginFailures,
  deviceClient,
  isKnownClient,
  type LoginAttempt,
  loginAllowance,
  purgeOldLoginRecords,
  recordLoginFailure,
  rememberClient,
} from "@spankbank/db/loginThrottle";
import { partnersWithDays } from "@spankbank/db/partnerDays";
import { colorSchemeOf } from "@spankbank/db/partnerSettings";
import { decoyHashLike } from "@spankbank/db/password";
import {
  createSession,
  credentialOf,
  deleteSession,
  deleteSessionsOf,
  purgeExpiredSessions,
} from "@spankbank/db/sessions";
import type { CoupleConfig } from "@spankbank/shared/config";
import {
  coupleSummaryOf,
  loginBody,
  loginRefusal,
  loginReply,
  sessionAnswer,
  sessionUserOf,
} from "@spankbank/shared/contract/auth";
import { PASSWORD_CHECKS_WAITING_MAX, SESSION_TTL_MS } from "@spankbank/shared/limits";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { diskProblem, httpError } from "../plugins/errors.js";
import { SESSION_COOKIE, signedInUser } from "../plugins/session.js";
import { PasswordChecks } from "../signIn/passwordChecks.js";

const INVALID_LOGIN = "Invalid username or password";
/**
 * Marks a browser a partner signed in on (random, only its hash stored): from it, guesses others
 * spread over many addresses never hold them back, wherever they sign in from next.
 */
export const DEVICE_COOKIE = "spankbank_device";
/** Expired sessions and login failures that no longer count are deleted this often. */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

export const signInRoutes: FastifyPluginAsyncZod<{ https: boolean }> = async (app, { https }) => {
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
    { config: { public: true }, schema: { body: loginBody, response: { 200: loginReply, 401: loginRefusal } } },
    async (request, reply) => {
      // Matched exactly, as the spec says; the throttle counts every spelling of a name together.
      const { username, password } = request.body;
      const attempt = loginAttemptOf(request, username);
      const { wait } = loginAllowance(db, attempt, now());
      if (wait > 0) {
        reply.header("Retry-After", String(wait));
        throw httpError(429, `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      const partner = findPartner(config, username);
      const ahead = passwordChecks.strangersAhead(username);
      const check = passwordChecks.check(password, partner?.passwordHash, { known: attempt.trusted, username });
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
        throw signInNotSaved(error);
      }
      const valid = await check;
      const user = valid && partner ? userByUsername(db, partner.username) : undefined;
      if (!user) {
        const { triesLeft } = loginAllowance(db, attempt, now());
        return reply.code(401).send({ statusCode: 401, error: "Unauthorized", message: INVALID_LOGIN, triesLeft });
      }
      const device = randomBytes(32).toString("base64url");
      // One transaction: a full disk midway leaves the old session and nothing half-made.
      const session = (() => {
        try {
          return inTransaction(db, () => {
            clearLoginFailures(db, attempt);
            rememberClient(db, addressGroup(request.ip), now());
            rememberClient(db, deviceClient(device), now());
            const old = request.cookies[SESSION_COOKIE];
            if (old) deleteSession(db, old);
            return createSession(db, { userId: user.id, credential: credentialOf(config, user.username) }, now());
          });
        } catch (error) {
          throw signInNotSaved(error);
        }
      })();
      setSessionCookie(reply, session.token, session.expiresAt, https);
      reply.setCookie(DEVICE_COOKIE, device, {
        path: "/api/auth",
        httpOnly: true,
        sameSite: "lax",
        secure: https,
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
      });
      return { user: sessionUserOf(user) };
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
      return {
        user: sessionUserOf(user),
        couple: coupleSummaryOf(partnersWithDays(db, config), config, demo),
        colorScheme: colorSchemeOf(db, user.id),
      };
    },
  );
};

/**
 * Who the limits see: a browser a partner signed in on lately (by its device cookie), else the
 * address (an IPv6 /64 as one); trusted when a partner signed in from either in the last 30 days.
 * An unknown device cookie counts for nothing, so inventing one cannot reset a limit.
 */
function loginAttemptOf(request: FastifyRequest, username: string): LoginAttempt {
  const { db, now } = request.server.ctx;
  const address = addressGroup(request.ip);
  const token = request.cookies[DEVICE_COOKIE];
  const device = token ? deviceClient(token) : undefined;
  if (device !== undefined && isKnownClient(db, device, now())) return { username, client: device, trusted: true };
  return { username, client: address, trusted: isKnownClient(db, address, now()) };
}

/**
 * A sign-in must write (its failure count before the check, its session after): on a full or
 * read-only disk it says so with a 503, while partners already signed in keep reading.
 */
function signInNotSaved(error: unknown): unknown {
  switch (diskProblem(error)) {
    case "full":
      return httpError(
        503,
        "The server's disk is full, so signing in cannot be saved. Free some space on it, then try again.",
      );
    case "read-only":
      return httpError(
        503,
        "The server's database is read-only, so signing in cannot be saved. Make its folder writable, then try again.",
      );
    default:
      return error;
  }
}

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
