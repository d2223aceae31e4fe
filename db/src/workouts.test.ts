import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "./client.js";
import { balanceOf } from "./ledger.js";
import { openTestDb } from "./test/testDb.js";
import { logWorkout } from "./workouts.js";

const economy = { workoutReward: 5, workoutRewardsPerDay: 3 };
const run = { name: "Morning run", duration: 30, distance: 5.25, distanceUnit: "km" as const, calories: 320 };

let db: Db;
let alex: number;
let sam: number;

beforeEach(() => {
  ({ db, alex, sam } = openTestDb());
});

function count(table: string): number {
  return (db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

describe("logWorkout", () => {
  it("stores the workout, distance in hundredths, and pays the reward", () => {
    const now = new Date("2026-05-01T08:00:00Z");
    const { workout, reward } = logWorkout(db, { userId: alex, body: run, now }, economy);

    expect(reward).toBe(5);
    expect(workout).toEqual({
      id: expect.any(Number),
      name: "Morning run",
      duration: 30,
      distance: 5.25,
      distanceUnit: "km",
      calories: 320,
      username: "alex",
      createdAt: "2026-05-01T08:00:00.000Z",
    });
    expect(db.$client.prepare("SELECT distance_hundredths FROM workouts").get()).toEqual({ distance_hundredths: 525 });
    expect(balanceOf(db, { userId: alex })).toBe(5);
    const event = db.$client.prepare("SELECT kind FROM outbox").all();
    expect(event).toEqual([{ kind: "workout_logged" }]);
  });

  it("keeps a workout without a distance", () => {
    const { workout } = logWorkout(
      db,
      { userId: sam, body: { ...run, distance: null, distanceUnit: "miles" } },
      economy,
    );
    expect(workout.distance).toBeNull();
  });

  it("stops the reward at the daily cap and starts again on the partner's next day", () => {
    // Sam is in New York: 03:00 UTC on 2 May is still 1 May there (23:00).
    const times = ["2026-05-01T12:00:00Z", "2026-05-01T18:00:00Z", "2026-05-01T23:00:00Z", "2026-05-02T03:00:00Z"];
    const rewards = times.map((iso) => logWorkout(db, { userId: sam, body: run, now: new Date(iso) }, economy).reward);
    expect(rewards).toEqual([5, 5, 5, 0]);

    // 05:00 UTC is 01:00 on 2 May in New York: a new day.
    const nextDay = logWorkout(db, { userId: sam, body: run, now: new Date("2026-05-02T05:00:00Z") }, economy);
    expect(nextDay.reward).toBe(5);
    expect(balanceOf(db, { userId: sam })).toBe(20);
    expect(count("workouts")).toBe(5);
    expect(count("outbox")).toBe(5);
  });

  it("pays no second day when the clock ran a day ahead and was set back, nor again when that day comes", () => {
    const log = (iso: string) => logWorkout(db, { userId: sam, body: run, now: new Date(iso) }, economy).reward;
    // The box's clock runs a day ahead: 2 May noon in New York is really 1 May.
    expect([log("2026-05-02T16:00:00Z"), log("2026-05-02T16:05:00Z"), log("2026-05-02T16:10:00Z")]).toEqual([5, 5, 5]);
    // Set back to the real time: still 1 May's rewards, paid already.
    expect(log("2026-05-01T16:20:00Z")).toBe(0);
    expect(log("2026-05-01T23:00:00Z")).toBe(0);
    // 2 May really comes: its rewards were paid while the clock ran ahead.
    expect(log("2026-05-02T16:30:00Z")).toBe(0);
    expect(log("2026-05-03T16:00:00Z")).toBe(5);
    expect(balanceOf(db, { userId: sam })).toBe(20);
  });

  it("keeps paying when the clock was once years ahead: a stamp that far out is not trusted", () => {
    const log = (iso: string) => logWorkout(db, { userId: sam, body: run, now: new Date(iso) }, economy).reward;
    for (let i = 0; i < 3; i++) log("2031-05-01T16:00:00Z");
    expect(log("2026-05-01T16:00:00Z")).toBe(5);
  });

  it("counts each partner's cap apart", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    for (let i = 0; i < 3; i++) logWorkout(db, { userId: sam, body: run, now }, economy);
    expect(logWorkout(db, { userId: alex, body: run, now }, economy).reward).toBe(5);
  });

  it("refuses a bad workout and writes nothing", () => {
    const bad = [{ duration: 0 }, { duration: 1441 }, { calories: -1 }, { name: "  " }, { distance: 1000.5 }];
    for (const change of bad) {
      expect(() => logWorkout(db, { userId: alex, body: { ...run, ...change } }, economy)).toThrow(
        expect.objectContaining({ code: "invalid", message: expect.stringMatching(Object.keys(change)[0]!) }),
      );
    }
    expect(count("workouts")).toBe(0);
    expect(count("transfers")).toBe(0);
    expect(count("outbox")).toBe(0);
  });
});
