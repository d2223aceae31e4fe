import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import {
  KNOWN_CLIENT_TTL_MS,
  LOGIN_ACCOUNT_FAILURE_LIMIT,
  LOGIN_CLIENT_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
} from "@spankbank/shared/limits";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../client.js";
import { isoNow } from "../clock.js";
import { param, preparedFor } from "../prepared.js";
import { knownClients, loginFailures } from "../schema.js";

const statements = preparedFor((db) => ({
  // Every count reads failures in (since, now]: one stamped later was recorded by a clock that
  // has since been set back, and must not hold anyone until the clock catches up with it.
  failuresAtName: db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, param("username")),
        eq(loginFailures.client, param("client")),
        gt(loginFailures.failedAt, param("since")),
        lte(loginFailures.failedAt, param("now")),
      ),
    )
    .orderBy(asc(loginFailures.failedAt))
    .prepare(),
  failuresFromClient: db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.client, param("client")),
        gt(loginFailures.failedAt, param("since")),
        lte(loginFailures.failedAt, param("now")),
      ),
    )
    .orderBy(asc(loginFailures.failedAt))
    .prepare(),
  failuresForAccount: db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, param("username")),
        gt(loginFailures.failedAt, param("since")),
        lte(loginFailures.failedAt, param("now")),
      ),
    )
    .orderBy(asc(loginFailures.failedAt))
    .prepare(),
  knownClient: db
    .select({ client: knownClients.client })
    .from(knownClients)
    .where(and(eq(knownClients.client, param("client")), gt(knownClients.lastSignInAt, param("since"))))
    .prepare(),
  rememberClient: db
    .insert(knownClients)
    .values({ client: sql.placeholder("client"), lastSignInAt: sql.placeholder("now") })
    .onConflictDoUpdate({ target: knownClients.client, set: { lastSignInAt: sql`excluded.last_sign_in_at` } })
    .prepare(),
  recordFailure: db
    .insert(loginFailures)
    .values({
      username: sql.placeholder("username"),
      client: sql.placeholder("client"),
      failedAt: sql.placeholder("now"),
    })
    .prepare(),
  clearAtName: db
    .delete(loginFailures)
    .where(and(eq(loginFailures.client, param("client")), eq(loginFailures.username, param("username"))))
    .prepare(),
  purgeFailures: db
    .delete(loginFailures)
    .where(lte(loginFailures.failedAt, param("before")))
    .prepare(),
  purgeFutureFailures: db
    .delete(loginFailures)
    .where(gt(loginFailures.failedAt, param("now")))
    .prepare(),
  purgeClients: db
    .delete(knownClients)
    .where(lte(knownClients.lastSignInAt, param("before")))
    .prepare(),
}));

/**
 * Who is signing in, as the limits see them. `client` is a browser a partner signed in on before
 * (`device:<hash>` of its device cookie) or else the address (`addressGroup`); `trusted` when a
 * partner signed in from that browser or address in the last 60 days (`KNOWN_CLIENT_TTL_MS`).
 */
export interface LoginAttempt {
  username: string;
  client: string;
  trusted: boolean;
}

/**
 * The address a limit counts by: an IPv4 address (IPv4-mapped IPv6 too), or an IPv6 address's
 * /64 network, since one home or phone holds a whole /64 and could spread guesses over it.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = "", tail] = address.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  // An embedded IPv4 tail (a:b::1.2.3.4) lies in the last 64 bits: only the first four groups count.
  const groups = [...left, ...Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => "0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/** How a browser's device cookie is stored and counted: only its SHA-256, like a session token. */
export function deviceClient(token: string): string {
  return `device:${createHash("sha256").update(token).digest("hex")}`;
}

/** Whether a partner signed in from `client` (a device or an address group) in the last 60 days. */
export function isKnownClient(db: Db, client: string, now: Date): boolean {
  const since = isoNow(new Date(now.getTime() - KNOWN_CLIENT_TTL_MS));
  return statements(db).knownClient.get({ client, since }) !== undefined;
}

export function rememberClient(db: Db, client: string, now: Date): void {
  statements(db).rememberClient.run({ client, now: isoNow(now) });
}

export interface LoginAllowance {
  /** Seconds until this attempt may check a password, 0 when it may now. */
  wait: number;
  /** Wrong passwords this attempt may still make before it has to wait. */
  triesLeft: number;
}

/**
 * Three limits over a sliding 15-minute window, each failure counted before its check:
 * - 5 per username from one client: one partner's typos never lock out the other;
 * - 20 per client whatever the usernames (made-up names count too);
 * - 20 per username from clients that are not trusted: guesses spread over many addresses slow
 *   down, while a partner on a browser or address they used before is not held by them.
 */
export function loginAllowance(db: Db, attempt: LoginAttempt, now: Date): LoginAllowance {
  const window = { since: isoNow(new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)), now: isoNow(now) };
  const username = attempt.username.toLowerCase();
  const limits: { failures: { failedAt: string }[]; limit: number }[] = [
    {
      failures: statements(db).failuresAtName.all({ ...window, username, client: attempt.client }),
      limit: LOGIN_FAILURE_LIMIT,
    },
    {
      failures: statements(db).failuresFromClient.all({ ...window, client: attempt.client }),
      limit: LOGIN_CLIENT_FAILURE_LIMIT,
    },
  ];
  if (!attempt.trusted) {
    limits.push({
      failures: statements(db).failuresForAccount.all({ ...window, username }),
      limit: LOGIN_ACCOUNT_FAILURE_LIMIT,
    });
  }
  return {
    wait: Math.max(...limits.map(({ failures, limit }) => secondsUntilBelow(failures, limit, now))),
    triesLeft: Math.max(0, Math.min(...limits.map(({ failures, limit }) => limit - failures.length))),
  };
}

function secondsUntilBelow(failures: { failedAt: string }[], limit: number, now: Date): number {
  if (failures.length < limit) return 0;
  // The window reopens when the oldest failure that still counts falls out of it.
  const reopensAt = Date.parse(failures[failures.length - limit]!.failedAt) + LOGIN_FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
}

export function recordLoginFailure(db: Db, { username, client }: LoginAttempt, now: Date): void {
  statements(db).recordFailure.run({ username: username.toLowerCase(), client, now: isoNow(now) });
}

/** A correct password forgets this client's failures at this name (the account's stay: others may be guessing). */
export function clearLoginFailures(db: Db, { username, client }: LoginAttempt): void {
  statements(db).clearAtName.run({ client, username: username.toLowerCase() });
}

/**
 * Forgets failures that no longer count, failures stamped later than now (by a clock since set
 * back: they would count again when it caught up) and clients unused for 60 days.
 */
export function purgeOldLoginRecords(db: Db, now: Date): void {
  statements(db).purgeFailures.run({ before: isoNow(new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)) });
  statements(db).purgeFutureFailures.run({ now: isoNow(now) });
  statements(db).purgeClients.run({ before: isoNow(new Date(now.getTime() - KNOWN_CLIENT_TTL_MS)) });
}
