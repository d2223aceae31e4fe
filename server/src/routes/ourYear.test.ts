import { awardSpanks } from "@spankbank/db/awards";
import { addMemory } from "@spankbank/db/memories";
import { createProduct } from "@spankbank/db/products";
import { dailyQuestionToPost, seedQuestionBank } from "@spankbank/db/questions";
import { logWorkout } from "@spankbank/db/workouts";
import type { CoupleConfig } from "@spankbank/shared/config";
import { describe, expect, it } from "vitest";
import { buildTestApp, testCouple, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

/** The app on 30 June 2026 at noon UTC, each partner signed in. */
async function ourYearApp() {
  const test = await buildTestApp({ now: () => new Date("2026-06-30T12:00:00Z") });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const get = (who: "alex" | "sam" | null, url: string) =>
    test.app.inject({ method: "GET", url, ...(who && { headers: { cookie: cookie[who] } }) });
  const post = (who: "alex" | "sam", url: string, payload: object) =>
    test.app.inject({ method: "POST", url, headers: { cookie: cookie[who] }, payload });
  return { ...test, get, post };
}

describe("GET /api/our-year", () => {
  it("answers the year's figures for both partners, by display name, the signed-in one first", async () => {
    const { db, get, post } = await ourYearApp();
    const alex = userIdOf(db, "alex");
    const sam = userIdOf(db, "sam");
    const june = new Date("2026-06-01T10:00:00Z");
    awardSpanks(db, { giverId: alex, receiverId: sam, amount: 60, reason: "Head start", now: june }, 100);
    const call = createProduct(db, alex, { name: "Video call", description: "At sunrise.", quantity: 2, price: 40 });
    expect((await post("sam", "/api/purchase", { productId: call.id, quantity: 1 })).statusCode).toBe(200);
    const workout = { name: "Swim", duration: 30, distanceUnit: "km", calories: 200 };
    expect((await post("alex", "/api/log-workout", { ...workout, username: "alex" })).statusCode).toBe(201);
    expect((await post("sam", "/api/visits", { start_date: "2026-06-01", end_date: "2026-06-10" })).statusCode).toBe(
      201,
    );

    const reply = await get("sam", "/api/our-year?year=2026");
    expect(reply.statusCode, reply.body).toBe(200);
    const year = reply.json();
    expect(year.year).toBe(2026);
    expect(year.years).toEqual([2026]);
    expect(year.partners).toEqual([
      { username: "sam", display_name: "Sam", memories: 0, answers: 0, workouts: 0, earned: 60, spent: 40, donated: 0 },
      { username: "alex", display_name: "Alex", memories: 0, answers: 0, workouts: 1, earned: 5, spent: 0, donated: 0 },
    ]);
    expect(year.months).toHaveLength(12);
    expect(year.weeks.find((week: { workouts: number[] }) => week.workouts[1] === 1)).toEqual({
      week: 26,
      workouts: [0, 1],
    });
    expect(year.streak).toEqual({ best: 0, current: 0, asked: 0, both_answered: 0 });
    // 1 January to 30 June on Sam's calendar: 181 days, 10 of them together.
    expect(year.days).toEqual({ together: 10, apart: 171, planned: 0, visits: 1 });

    const alexSees = (await get("alex", "/api/our-year")).json();
    expect(alexSees.year).toBe(2026);
    expect(alexSees.partners.map((p: { username: string }) => p.username)).toEqual(["alex", "sam"]);
  });

  it("counts memories and answers in the couple's months: 23:30 UTC on 31 December is January in Auckland", async () => {
    let clock = new Date("2025-12-31T20:00:00Z");
    const config: CoupleConfig = { ...testCouple, dailyQuestion: { time: "09:00", timeZone: "Pacific/Auckland" } };
    const test = await buildTestApp({ config, now: () => clock });
    const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
    seedQuestionBank(test.db, ["Mountains or sea?"]);
    // 1 January's question, asked at 09:00 in Auckland (20:00 UTC the day before).
    const question = dailyQuestionToPost(test.db, "2026-01-01", config.couple, clock)!;
    // 12:30 on New Year's Day in Auckland, still 31 December in UTC.
    clock = new Date("2025-12-31T23:30:00Z");
    addMemory(test.db, { userId: userIdOf(test.db, "alex"), message: "First swim of the year", createdAt: clock });
    for (const who of ["alex", "sam"] as const) {
      const reply = await test.app.inject({
        method: "PUT",
        url: `/api/questions/${question.id}`,
        headers: { cookie: cookie[who] },
        payload: { response: "The sea" },
      });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    // 01:00 on Monday 5 January in Auckland, still Sunday in UTC: week 1, not the days before the first Monday.
    const run = { name: "Run", duration: 30, distanceUnit: "km" as const, calories: 200 };
    logWorkout(
      test.db,
      { userId: userIdOf(test.db, "sam"), body: run, now: new Date("2026-01-04T12:00:00Z") },
      config.economy,
    );
    const yearOf = async (year: number) =>
      (
        await test.app.inject({ method: "GET", url: `/api/our-year?year=${year}`, headers: { cookie: cookie.alex } })
      ).json();

    const y2026 = await yearOf(2026);
    expect(y2026.months[0]).toEqual({ month: 1, memories: [1, 0], answers: [1, 1], both_answered: 1 });
    expect(y2026.partners.map((p: { memories: number; answers: number }) => [p.memories, p.answers])).toEqual([
      [1, 1],
      [0, 1],
    ]);
    expect(y2026.weeks.filter((w: { workouts: number[] }) => w.workouts.some((n) => n > 0))).toEqual([
      { week: 1, workouts: [0, 1] },
    ]);
    const y2025 = await yearOf(2025);
    expect(y2025.months[11]).toEqual({ month: 12, memories: [0, 0], answers: [0, 0], both_answered: 0 });
    expect(y2025.partners.map((p: { memories: number; answers: number }) => [p.memories, p.answers])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it("refuses a year that is not one, naming the field, and a signed-out visitor", async () => {
    const { get } = await ourYearApp();
    for (const year of ["26", "two", "1999", "2100", "2026.5", "-2026", ""]) {
      const bad = await get("alex", `/api/our-year?year=${year}`);
      expect(bad.statusCode, year).toBe(400);
      expect(bad.json().message).toContain("querystring.year");
    }
    expect((await get(null, "/api/our-year?year=2026")).statusCode).toBe(401);
  });
});
