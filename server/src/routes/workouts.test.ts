import type { Db } from "@spankbank/db/client";
import { balanceOf, checkLedger } from "@spankbank/db/ledger";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const run = { name: "Beach run", duration: 40, distance: 6.4, distanceUnit: "km", calories: 410 };

let db: Db | undefined;
afterEach(() => {
  if (db) expect(checkLedger(db)).toEqual([]);
  db = undefined;
});

/** A test app whose clock the test moves; Sam (America/New_York) is signed in. */
async function samsDashboard(start: string) {
  let clock = new Date(start);
  const test = await buildTestApp({ now: () => clock });
  db = test.db;
  const cookie = sessionCookie(test, "sam");
  const logWorkout = (payload: object) =>
    test.app.inject({ method: "POST", url: "/api/log-workout", headers: { cookie }, payload });
  const setClock = (iso: string) => {
    clock = new Date(iso);
  };
  return { ...test, logWorkout, setClock, sam: userIdOf(test.db, "sam") };
}

function count(db: Db, table: string): number {
  return (db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

describe("POST /api/log-workout", () => {
  it("answers 201 with the workout and its reward", async () => {
    const { db, logWorkout, sam } = await samsDashboard("2026-05-01T12:00:00Z");
    const reply = await logWorkout({ ...run, username: "sam" });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({
      workout: {
        id: expect.any(Number),
        name: "Beach run",
        duration: 40,
        distance: 6.4,
        distanceUnit: "km",
        calories: 410,
        username: "sam",
        created_at: "2026-05-01T12:00:00.000Z",
      },
      reward: 5,
    });
    expect(balanceOf(db, { userId: sam })).toBe(5);

    const noDistance = await logWorkout({ name: "Yoga", duration: 20, calories: 90 });
    expect(noDistance.statusCode).toBe(201);
    expect(noDistance.json().workout).toMatchObject({ distance: null, distanceUnit: "miles" });
    expect(count(db, "outbox")).toBe(2);
  });

  it("stops rewarding at the daily cap and starts again at the partner's midnight", async () => {
    const { db, logWorkout, setClock, sam } = await samsDashboard("2026-05-01T12:00:00Z");
    const rewards: number[] = [];
    // 03:59 UTC on 2 May is still 1 May in New York.
    for (const iso of [
      "2026-05-01T12:00:00Z",
      "2026-05-01T15:00:00Z",
      "2026-05-01T20:00:00Z",
      "2026-05-02T03:59:00Z",
    ]) {
      setClock(iso);
      rewards.push((await logWorkout(run)).json().reward);
    }
    setClock("2026-05-02T04:01:00Z");
    rewards.push((await logWorkout(run)).json().reward);

    expect(rewards).toEqual([5, 5, 5, 0, 5]);
    expect(balanceOf(db, { userId: sam })).toBe(20);
    expect(count(db, "workouts")).toBe(5);
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM transfers WHERE kind = 'workout'").get()).toEqual({ n: 4 });
  });

  it("refuses bad input with 400 naming the field, writing nothing", async () => {
    const { db, logWorkout } = await samsDashboard("2026-05-01T12:00:00Z");
    const bad: [string, object][] = [
      ["body.duration", { duration: 0 }],
      ["body.duration", { duration: 1441 }],
      ["body.duration", { duration: "thirty" }],
      ["body.calories", { calories: -1 }],
      ["body.distanceUnit", { distanceUnit: "yards" }],
      ["body.distance", { distance: 1000.01 }],
      ["body.name", { name: "" }],
      ["body.name", { name: "x".repeat(101) }],
    ];
    for (const [field, change] of bad) {
      const reply = await logWorkout({ ...run, ...change });
      expect(reply.statusCode, JSON.stringify(change)).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    const { calories: _, ...withoutCalories } = run;
    const missing = await logWorkout(withoutCalories);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("body.calories");

    expect(count(db, "workouts")).toBe(0);
    expect(count(db, "transfers")).toBe(0);
    expect(count(db, "outbox")).toBe(0);
  });

  it("refuses a workout logged in the other partner's name", async () => {
    const { db, logWorkout } = await samsDashboard("2026-05-01T12:00:00Z");
    const reply = await logWorkout({ ...run, username: "alex" });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ statusCode: 403, message: expect.stringContaining("username") });
    expect(count(db, "workouts")).toBe(0);
    expect(count(db, "transfers")).toBe(0);
  });
});

describe("GET /api/workout-reward", () => {
  it("says what a workout earns, the daily cap, and how much of it today has used (the partner's own day)", async () => {
    const dashboard = await samsDashboard("2026-05-01T12:00:00Z");
    const { app, logWorkout, setClock } = dashboard;
    const cookie = sessionCookie(dashboard, "sam");
    const read = async () => {
      const reply = await app.inject({ url: "/api/workout-reward", headers: { cookie } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["cache-control"]).toBe("no-store");
      return reply.json();
    };
    expect(await read()).toEqual({ reward: 5, rewards_per_day: 3, rewarded_today: 0 });
    await logWorkout(run);
    await logWorkout(run);
    expect(await read()).toEqual({ reward: 5, rewards_per_day: 3, rewarded_today: 2 });
    // 04:00 UTC the next day is still May 1 in New York; 05:00 is May 2.
    setClock("2026-05-02T03:00:00Z");
    expect((await read()).rewarded_today).toBe(2);
    setClock("2026-05-02T05:00:00Z");
    expect((await read()).rewarded_today).toBe(0);
  });

  it("needs a session", async () => {
    const { app } = await buildTestApp();
    expect((await app.inject({ url: "/api/workout-reward" })).statusCode).toBe(401);
  });
});
