import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

describe("GET /api/quoteOfTheDay", () => {
  it("keeps one quote all day in the couple's zone and changes at their midnight", async () => {
    // The demo couple's zone is Asia/Kolkata: 18:29 UTC is 23:59 there, 18:31 UTC is past midnight.
    let clock = new Date("2026-11-21T01:00:00Z");
    const test = await buildTestApp({ now: () => clock });
    const cookie = sessionCookie(test, "alex");
    const quoteAt = async (iso: string) => {
      clock = new Date(iso);
      const reply = await test.app.inject({ url: "/api/quoteOfTheDay", headers: { cookie } });
      expect(reply.statusCode).toBe(200);
      return reply.json();
    };

    const morning = await quoteAt("2026-11-21T01:00:00Z");
    expect(morning).toEqual({ quote: expect.any(String), author: expect.any(String) });
    expect(await quoteAt("2026-11-21T18:29:00Z")).toEqual(morning);
    expect(await quoteAt("2026-11-21T18:31:00Z")).not.toEqual(morning);
  });

  it("needs a session", async () => {
    const { app } = await buildTestApp();
    expect((await app.inject({ url: "/api/quoteOfTheDay" })).statusCode).toBe(401);
  });
});
