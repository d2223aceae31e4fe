import { userByUsername } from "@spankbank/db/couple";
import { purgeOldLoginRecords, recordLoginFailure } from "@spankbank/db/loginThrottle";
import { partnersWithDays } from "@spankbank/db/partnerDays";
import { colorSchemeOf } from "@spankbank/db/partnerSettings";
import { decoyHashLike } from "@spankbank/db/password";
import { deleteSession, deleteSessionsOf, purgeExpiredSessions } from "@spankbank/db/sessions";
import { diskProblem } from "@spankbank/db/sqliteErrors";
import type { CoupleConfig } from "@spankbank/shared/config";
import {
  coupleSummaryOf,
  loginBody,
  loginRefusal,
  loginReply,
  sessionAnswer,
  sessionUserOf,
} from "@spankbank/shared/contract/auth";
import { PASSWORD_CHECKS_WAITING_MAX } from "@spankbank/shared/limits";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { oncePerRequest } from "../plugins/busy.js";
import { httpError } from "../plugins/errors.js";
import { SESSION_COOKIE, signedInUser } from "../plugins/session.js";
import { PasswordChecks } from "../signIn/passwordChecks.js";
import {
  holdWhileLimited,
  loginAttemptOf,
  refuseSignIn,
  signInNotSaved,
  startSession,
} from "../signIn/sessionStart.js";

const INVALID_LOGIN = "Invalid username or password";
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
      const partner = findPartner(config, username);
      const countedCheck = () => {
        holdWhileLimited(request, reply, attempt);
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
        return check;
      };
      // Once per request: a run again (its session's write met the bot's lock) takes this answer,
      // where holding and counting it again made the try its own fifth failure, the right password a 429.
      const valid = await oncePerRequest(request, "password check", countedCheck);
      const user = valid && partner ? userByUsername(db, partner.username) : undefined;
      if (!user) return refuseSignIn(request, reply, attempt, INVALID_LOGIN);
      startSession(request, reply, { user, attempt, https });
      return { user: sessionUserOf(user) };
    },
  );

  /** This browser is signed out: its cookie goes (the web forgets its own kept data and page copies). */
  const signOutBrowser = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: https });
  };

  // Public: signed out already (a stale or missing cookie) is still 204, and the cookie is cleared.
  app.post(
    "/auth/logout",
    {
      config: { public: true, bodyless: true },
      schema: { response: { 200: z.object({ message: z.string() }), 204: z.null() } },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      try {
        if (token) deleteSession(db, token);
      } catch (error) {
        // A full or read-only disk still signs this device out (a shared tablet); the session row
        // stays until its expiry or the next sign-out everywhere. 200 with the why, not an error.
        const problem = diskProblem(error);
        if (problem === undefined) throw error;
        request.log.warn({ err: error }, "logout could not end the session on the server");
        signOutBrowser(reply);
        const why = problem === "full" ? "disk is full" : "database is read-only";
        return reply.code(200).send({
          message: `Signed out on this device, but the server's ${why}, so its session ends at its expiry or at the next sign-out everywhere.`,
        });
      }
      signOutBrowser(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/auth/logout-everywhere",
    { config: { bodyless: true }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      deleteSessionsOf(db, signedInUser(request).id);
      signOutBrowser(reply);
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

function findPartner(config: CoupleConfig, username: string) {
  return config.partners.find((partner) => partner.username === username);
}
