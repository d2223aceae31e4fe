import { randomBytes } from "node:crypto";
import { inTransaction } from "@spankbank/db/client";
import type { User } from "@spankbank/db/couple";
import {
  addressGroup,
  clearLoginFailures,
  deviceClient,
  isKnownClient,
  type LoginAttempt,
  loginAllowance,
  rememberClient,
} from "@spankbank/db/loginThrottle";
import { createSession, credentialOf, deleteSession } from "@spankbank/db/sessions";
import { diskProblem } from "@spankbank/db/sqliteErrors";
import { KNOWN_CLIENT_TTL_MS, SESSION_TTL_MS } from "@spankbank/shared/limits";
import type { FastifyReply, FastifyRequest } from "fastify";
import { httpError } from "../plugins/errors.js";
import { SESSION_COOKIE } from "../plugins/session.js";

/**
 * Marks a browser a partner signed in on (random, only its hash stored): from it, guesses others
 * spread over many addresses never hold them back, wherever they sign in from next.
 */
export const DEVICE_COOKIE = "spankbank_device";

/**
 * Who the limits see: a browser a partner signed in on lately (by its device cookie), else the
 * address (an IPv6 /64 as one); trusted when a partner signed in from either in the last 60 days.
 * An unknown device cookie counts for nothing, so inventing one cannot reset a limit.
 */
export function loginAttemptOf(request: FastifyRequest, username: string): LoginAttempt {
  return { username, ...signInClientOf(request) };
}

/** Who a sign-in comes from, as the limits see it (`loginAttemptOf`). */
export function signInClientOf(request: FastifyRequest): Omit<LoginAttempt, "username"> {
  const { db, now } = request.server.ctx;
  const address = addressGroup(request.ip);
  const token = request.cookies[DEVICE_COOKIE];
  const device = token ? deviceClient(token) : undefined;
  if (device !== undefined && isKnownClient(db, device, now())) return { client: device, trusted: true };
  return { client: address, trusted: isKnownClient(db, address, now()) };
}

/** Refuses with 429 (and when to try again) while this attempt's failures are at a limit. */
export function holdWhileLimited(request: FastifyRequest, reply: FastifyReply, attempt: LoginAttempt): void {
  const { db, now } = request.server.ctx;
  const { wait } = loginAllowance(db, attempt, now());
  if (wait > 0) {
    reply.header("Retry-After", String(wait));
    throw httpError(429, `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} minutes.`);
  }
}

/** 401: the sign-in did not pass, with how many tries are left before it pauses. */
export function refuseSignIn(request: FastifyRequest, reply: FastifyReply, attempt: LoginAttempt, message: string) {
  const { triesLeft } = loginAllowance(request.server.ctx.db, attempt, request.server.ctx.now());
  return reply.code(401).send({ statusCode: 401, error: "Unauthorized", message, triesLeft });
}

/**
 * A sign-in must write (its failure count before the check, its session after): on a full or
 * read-only disk it says so with a 503, while partners already signed in keep reading.
 */
export function signInNotSaved(error: unknown): unknown {
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

/**
 * A sign-in that passed (by password or passkey): this client's failures at the name are
 * forgotten, the browser and address remembered, the old session ended and a new one started, in
 * one transaction (a full disk midway leaves the old session and nothing half-made); then the
 * session and device cookies. `alsoInTransaction` writes what the way in itself records.
 */
export function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    user,
    attempt,
    https,
    alsoInTransaction,
  }: {
    user: User;
    attempt: LoginAttempt;
    https: boolean;
    alsoInTransaction?: () => void;
  },
): void {
  const { db, config, now } = request.server.ctx;
  const credential = credentialOf(config, user.username);
  // Every way in checks the name against the config first; this is the last guard.
  if (credential === undefined) throw new Error(`${user.username} is not one of the couple's partners`);
  const device = randomBytes(32).toString("base64url");
  const session = (() => {
    try {
      return inTransaction(db, () => {
        alsoInTransaction?.();
        clearLoginFailures(db, attempt);
        rememberClient(db, addressGroup(request.ip), now());
        rememberClient(db, deviceClient(device), now());
        const old = request.cookies[SESSION_COOKIE];
        if (old) deleteSession(db, old);
        return createSession(db, { userId: user.id, credential }, now());
      });
    } catch (error) {
      throw signInNotSaved(error);
    }
  })();
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    expires: session.expiresAt,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  reply.setCookie(DEVICE_COOKIE, device, {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    // Outlives the session: the browser still shows it at the sign-in after the session runs out.
    maxAge: Math.floor(KNOWN_CLIENT_TTL_MS / 1000),
  });
}
