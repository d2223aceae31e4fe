import {
  LOGIN_ACCOUNT_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  SESSION_TTL_MS,
} from "@spankbank/shared/limits";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { isoNow } from "./clock.js";
import { preparedFor } from "./prepared.js";
import { knownClients, loginFailures } from "./schema.js";

const statements = preparedFor((db) => ({
  failuresFromClient: db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(eq(loginFailures.client, sql.placeholder("client")), gt(loginFailures.failedAt, sql.placeholder("since"))),
    )
    .orderBy(asc(loginFailures.failedAt))
    .prepare(),
  failuresForAccount: db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, sql.placeholder("username")),
        gt(loginFailures.failedAt, sql.placeholder("since")),
      ),
    )
    .orderBy(asc(loginFailures.failedAt))
    .prepare(),
  knownClient: db
    .select({ client: knownClients.client })
    .from(knownClients)
    .where(
      and(eq(knownClients.client, sql.placeholder("client")), gt(knownClients.lastSignInAt, sql.placeholder("since"))),
    )
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
  clearClient: db
    .delete(loginFailures)
    .where(eq(loginFailures.client, sql.placeholder("client")))
    .prepare(),
  purgeFailures: db
    .delete(loginFailures)
    .where(lte(loginFailures.failedAt, sql.placeholder("before")))
    .prepare(),
  purgeClients: db
    .delete(knownClients)
    .where(lte(knownClients.lastSignInAt, sql.placeholder("before")))
    .prepare(),
}));

export interface LoginAttempt {
  username: string;
  client: string;
  /** A partner signed in from this address in the last 30 days. */
  known: boolean;
}

/** Whether a partner signed in from `client` in the last 30 days. */
export function isKnownClient(db: Db, client: string, now: Date): boolean {
  const since = isoNow(new Date(now.getTime() - SESSION_TTL_MS));
  return statements(db).knownClient.get({ client, since }) !== undefined;
}

export function rememberClient(db: Db, client: string, now: Date): void {
  statements(db).rememberClient.run({ client, now: isoNow(now) });
}

/**
 * Seconds until this attempt may check a password, 0 when it may now. Two limits over a sliding
 * 15-minute window: 5 failures per address whatever the usernames (made-up names count too), and
 * 20 per username across addresses, which a partner's known address does not meet, so a flood
 * of guesses at their account slows the guessers without locking the partner out.
 */
export function secondsUntilLoginAllowed(db: Db, attempt: LoginAttempt, now: Date): number {
  const since = isoNow(new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
  const fromClient = statements(db).failuresFromClient.all({ client: attempt.client, since });
  let wait = secondsUntilBelow(fromClient, LOGIN_FAILURE_LIMIT, now);
  if (!attempt.known) {
    const forAccount = statements(db).failuresForAccount.all({ username: attempt.username.toLowerCase(), since });
    wait = Math.max(wait, secondsUntilBelow(forAccount, LOGIN_ACCOUNT_FAILURE_LIMIT, now));
  }
  return wait;
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

/** A correct password forgets this address's failures (the account's stay: others may be guessing). */
export function clearLoginFailures(db: Db, { client }: LoginAttempt): void {
  statements(db).clearClient.run({ client });
}

/** Forgets failures that no longer count and addresses unused for 30 days. */
export function purgeOldLoginRecords(db: Db, now: Date): void {
  statements(db).purgeFailures.run({ before: isoNow(new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)) });
  statements(db).purgeClients.run({ before: isoNow(new Date(now.getTime() - SESSION_TTL_MS)) });
}
