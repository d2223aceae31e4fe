import type { Db } from "@spankbank/db/client";
import { isoNow } from "@spankbank/db/clock";
import { preparedFor } from "@spankbank/db/prepared";
import { knownClients, loginFailures } from "@spankbank/db/schema";
import {
  LOGIN_ACCOUNT_FAILURE_LIMIT,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  SESSION_TTL_MS,
} from "@spankbank/shared/limits";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";

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
  db.insert(knownClients)
    .values({ client, lastSignInAt: isoNow(now) })
    .onConflictDoUpdate({ target: knownClients.client, set: { lastSignInAt: isoNow(now) } })
    .run();
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
  db.insert(loginFailures)
    .values({ username: username.toLowerCase(), client, failedAt: isoNow(now) })
    .run();
}

/** A correct password forgets this address's failures (the account's stay: others may be guessing). */
export function clearLoginFailures(db: Db, { client }: LoginAttempt): void {
  db.delete(loginFailures).where(eq(loginFailures.client, client)).run();
}

/** Forgets failures that no longer count and addresses unused for 30 days. */
export function purgeOldLoginRecords(db: Db, now: Date): void {
  db.delete(loginFailures)
    .where(lte(loginFailures.failedAt, isoNow(new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))))
    .run();
  db.delete(knownClients)
    .where(lte(knownClients.lastSignInAt, isoNow(new Date(now.getTime() - SESSION_TTL_MS))))
    .run();
}
