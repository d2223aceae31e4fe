import type { Db } from "@spankbank/db/client";
import { isoNow } from "@spankbank/db/clock";
import { loginFailures } from "@spankbank/db/schema";
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from "@spankbank/shared/limits";
import { and, asc, eq, gt, lte } from "drizzle-orm";

/** Failed sign-ins are counted per (username, client address) over a sliding 15-minute window. */
export function secondsUntilLoginAllowed(db: Db, username: string, client: string, now = new Date()): number {
  const windowStart = isoNow(new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
  const recent = db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, username.toLowerCase()),
        eq(loginFailures.client, client),
        gt(loginFailures.failedAt, windowStart),
      ),
    )
    .orderBy(asc(loginFailures.failedAt))
    .all();
  if (recent.length < LOGIN_FAILURE_LIMIT) return 0;
  // The window reopens when the oldest failure that still counts falls out of it.
  const reopensAt = Date.parse(recent[recent.length - LOGIN_FAILURE_LIMIT]!.failedAt) + LOGIN_FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
}

export function recordLoginFailure(db: Db, username: string, client: string, now = new Date()): void {
  db.insert(loginFailures)
    .values({ username: username.toLowerCase(), client, failedAt: isoNow(now) })
    .run();
}

export function clearLoginFailures(db: Db, username: string, client: string): void {
  db.delete(loginFailures)
    .where(and(eq(loginFailures.username, username.toLowerCase()), eq(loginFailures.client, client)))
    .run();
}

export function purgeOldLoginFailures(db: Db, now = new Date()): void {
  db.delete(loginFailures)
    .where(lte(loginFailures.failedAt, isoNow(new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))))
    .run();
}
