import { describe, expect, it } from "vitest";
import { openTestDb } from "./test/testDb.js";
import { secondsUntilWorkoutAllowed } from "./workoutRate.js";
import { logWorkout } from "./workouts.js";

const economy = { workoutReward: 5, workoutRewardsPerDay: 3 };
const run = { name: "Run", duration: 30, distance: null, distanceUnit: "km" as const, calories: 300 };

describe("the hourly workout limit", () => {
  it("allows 10 an hour, then says how long until the oldest leaves the hour", () => {
    const { db, sam } = openTestDb();
    for (let i = 0; i < 10; i++) {
      logWorkout(db, { userId: sam, body: run, now: new Date(`2026-05-01T12:0${i}:00Z`) }, economy);
    }
    expect(secondsUntilWorkoutAllowed(db, sam, new Date("2026-05-01T12:30:00Z"))).toBe(30 * 60);
    expect(secondsUntilWorkoutAllowed(db, sam, new Date("2026-05-01T13:00:01Z"))).toBe(0);
  });

  it("does not hold a partner for a day after the clock ran a day ahead and was set back", () => {
    const { db, sam } = openTestDb();
    for (let i = 0; i < 10; i++) {
      logWorkout(db, { userId: sam, body: run, now: new Date(`2026-05-02T12:0${i}:00Z`) }, economy);
    }
    expect(secondsUntilWorkoutAllowed(db, sam, new Date("2026-05-02T12:30:00Z"))).toBeGreaterThan(0);
    expect(secondsUntilWorkoutAllowed(db, sam, new Date("2026-05-01T12:30:00Z"))).toBe(0);
  });
});
