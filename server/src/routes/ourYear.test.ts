import { awardSpanks } from "@spankbank/db/awards";
import { createProduct } from "@spankbank/db/products";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
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
