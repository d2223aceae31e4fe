import { WORKOUTS_PER_HOUR_MAX } from "@spankbank/shared/limits";
import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { Db } from "./client.js";
import { isoNow } from "./clock.js";
import { param, preparedFor } from "./prepared.js";
import { workouts } from "./schema.js";

const HOUR_MS = 60 * 60 * 1000;

const statements = preparedFor((db) => ({
  loggedSince: db
    .select({ createdAt: workouts.createdAt })
    .from(workouts)
    .where(
      and(
        eq(workouts.userId, param("userId")),
        gt(workouts.createdAt, param("since")),
        // Stamped later than now by a clock since set back: not "in the last hour", or they would
        // hold the limit until the clock caught up with them.
        lte(workouts.createdAt, param("now")),
      ),
    )
    .orderBy(asc(workouts.createdAt))
    .prepare(),
}));

/**
 * Seconds until the partner may log another workout, 0 when they may now: at most
 * `WORKOUTS_PER_HOUR_MAX` in any hour (uses the workouts_user_created index).
 */
export function secondsUntilWorkoutAllowed(db: Db, userId: number, now: Date): number {
  const recent = statements(db).loggedSince.all({
    userId,
    since: isoNow(new Date(now.getTime() - HOUR_MS)),
    now: isoNow(now),
  });
  if (recent.length < WORKOUTS_PER_HOUR_MAX) return 0;
  const reopensAt = Date.parse(recent[recent.length - WORKOUTS_PER_HOUR_MAX]!.createdAt) + HOUR_MS;
  return Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
}
