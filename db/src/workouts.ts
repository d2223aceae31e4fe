import type { CoupleConfig } from "@spankbank/shared/config";
import { type WorkoutBody, workoutBody } from "@spankbank/shared/contract/workouts";
import { calendarDate } from "@spankbank/shared/quoteOfTheDay";
import { and, eq, gte } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { countsAgainstToday, isoNow } from "./clock.js";
import { type User, userById } from "./couple.js";
import { Refusal, refuseUnless } from "./errors.js";
import { accountIdOf, transfer } from "./ledger.js";
import { enqueueEvent } from "./outbox.js";
import { param, preparedFor } from "./prepared.js";
import { transfers, workouts } from "./schema.js";

/** Far enough back to hold the whole of "today" in any time zone. */
const TODAY_LOOKBACK_MS = 2 * 24 * 60 * 60 * 1000;

/** A logged workout; `distance` in the unit named, `duration` in minutes. */
export interface Workout {
  id: number;
  name: string;
  duration: number;
  distance: number | null;
  distanceUnit: WorkoutBody["distanceUnit"];
  calories: number;
  username: string;
  createdAt: string;
}

const statements = preparedFor((db) => ({
  // Through transfers_credit, then only the last two days of it (and any a clock set back left ahead).
  recentRewards: db
    .select({ reference: transfers.reference, createdAt: transfers.createdAt })
    .from(transfers)
    .where(
      and(
        eq(transfers.kind, "workout"),
        eq(transfers.creditAccountId, param("accountId")),
        gte(transfers.createdAt, param("since")),
      ),
    )
    .prepare(),
}));

export interface LoggedWorkout {
  userId: number;
  body: Omit<WorkoutBody, "username">;
  now?: Date;
}

/**
 * Stores a workout and pays the workout reward, up to the daily number of rewarded workouts;
 * "daily" is the partner's own calendar day. Returns the workout and the spanks it earned.
 */
export function logWorkout(
  db: Db,
  logged: LoggedWorkout,
  economy: Pick<CoupleConfig["economy"], "workoutReward" | "workoutRewardsPerDay">,
): { workout: Workout; reward: number } {
  const body = validWorkout(logged.body);
  const now = logged.now ?? new Date();
  return inTransaction(db, (tx) => {
    const user = userById(tx, logged.userId);
    if (!user) throw new Refusal("not_found", `No partner with id ${logged.userId}`);
    const row = tx
      .insert(workouts)
      .values({
        userId: user.id,
        name: body.name,
        durationMinutes: body.duration,
        // Hundredths of a km or mile, so the stored distance is an exact integer.
        distance: body.distance == null ? null : Math.round(body.distance * 100),
        distanceUnit: body.distanceUnit,
        calories: body.calories,
        createdAt: isoNow(now),
      })
      .returning()
      .get();
    const today = calendarDate(now, user.timeZone);
    const earnsReward =
      economy.workoutReward > 0 && rewardedWorkoutsOn(tx, user, today, now) < economy.workoutRewardsPerDay;
    const reward = earnsReward ? economy.workoutReward : 0;
    if (reward > 0) {
      transfer(tx, {
        from: "mint",
        to: { userId: user.id },
        amount: reward,
        kind: "workout",
        // The partner's day is stored with the reward: the cap counts by it, not by the clock.
        reference: `workout:${row.id}:${today}`,
        memo: `Workout: ${row.name}`,
        now,
      });
    }
    const workout: Workout = {
      id: row.id,
      name: row.name,
      duration: row.durationMinutes,
      distance: row.distance === null ? null : row.distance / 100,
      distanceUnit: row.distanceUnit,
      calories: row.calories,
      username: user.username,
      createdAt: row.createdAt,
    };
    enqueueEvent(tx, "workout_logged", { ...workout, userId: user.id, reward }, now);
    return { workout, reward };
  });
}

export interface WorkoutRewardToday {
  /** Spanks one rewarded workout earns. */
  reward: number;
  /** Workouts rewarded per day, in the partner's own calendar day. */
  rewardsPerDay: number;
  /** Workouts already rewarded today. */
  rewardedToday: number;
}

/** What the next workout earns: the reward, the daily cap, and how much of it today has used. */
export function workoutRewardToday(
  db: Db,
  userId: number,
  economy: Pick<CoupleConfig["economy"], "workoutReward" | "workoutRewardsPerDay">,
  now = new Date(),
): WorkoutRewardToday {
  const user = userById(db, userId);
  if (!user) throw new Refusal("not_found", `No partner with id ${userId}`);
  return {
    reward: economy.workoutReward,
    rewardsPerDay: economy.workoutRewardsPerDay,
    rewardedToday: rewardedWorkoutsOn(db, user, calendarDate(now, user.timeZone), now),
  };
}

/**
 * How many workout rewards count against the partner's `today`: those paid on it, and those a
 * clock running ahead paid on a later day (see `countsAgainstToday`).
 */
function rewardedWorkoutsOn(db: Db, user: User, today: string, now: Date): number {
  const recent = statements(db).recentRewards.all({
    accountId: accountIdOf(db, { userId: user.id }),
    since: isoNow(new Date(now.getTime() - TODAY_LOOKBACK_MS)),
  });
  return recent.filter((row) => countsAgainstToday(rewardDay(row, user.timeZone), today)).length;
}

/** The day a reward was paid on: stored in its reference (`workout:<id>:<day>`), or for older ones, its time's. */
function rewardDay(row: { reference: string; createdAt: string }, timeZone: string): string {
  return row.reference.split(":")[2] ?? calendarDate(new Date(row.createdAt), timeZone);
}

/** The same limits as the route, so a caller other than the web cannot store a bad workout. */
function validWorkout(body: LoggedWorkout["body"]) {
  return refuseUnless(workoutBody, body, "workout");
}
