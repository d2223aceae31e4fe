import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WORKOUTS_PER_HOUR_MAX } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "./test/app.js";
import { sessionCookie } from "./test/session.js";

const alex = { username: "alex", password: "alex-demo-pass" };

describe("small edges", () => {
  it("answers a body over 64 KiB with 413 Payload Too Large", async () => {
    const { app } = await buildTestApp();
    const reply = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "alex", password: "x".repeat(70 * 1024) }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().error).toBe("Payload Too Large");
  });

  it("answers an unknown /API/... path in any letter case with a JSON 404, not the page", async () => {
    const webRoot = mkdtempSync(join(tmpdir(), "spankbank-web-"));
    writeFileSync(join(webRoot, "index.html"), '<!doctype html><div id="root"></div>');
    const { app } = await buildTestApp({ webRoot });
    expect((await app.inject({ url: "/dashboard" })).headers["content-type"]).toMatch(/text\/html/);
    for (const url of ["/API/nothing", "/Api/nothing", "/api", "/%41PI/nothing", "/API"]) {
      const reply = await app.inject({ url });
      expect({ url, status: reply.statusCode, type: reply.headers["content-type"] }).toEqual({
        url,
        status: 404,
        type: expect.stringMatching(/application\/json/),
      });
    }
  });

  it("compares Origin with the configured public origin, not the Host header a rebound name controls", async () => {
    const { app } = await buildTestApp({ publicOrigin: "http://127.0.0.1:3000" });
    const login = (origin: string, host: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", headers: { origin, host }, payload: alex });
    expect((await login("http://attacker.example", "attacker.example")).statusCode).toBe(403);
    expect((await login("http://127.0.0.1:3000", "attacker.example")).statusCode).toBe(200);
  });

  it("names the request in the log line of a failure, with request logging off as on the box", async () => {
    const lines: { level: number; msg: string; req?: { method: string; url: string } }[] = [];
    const test = await buildTestApp({
      logger: { level: "warn", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    const cookie = sessionCookie(test, "alex");
    // A read-only disk: the workout cannot be written, and the server says so in its log.
    test.db.$client.pragma("query_only = ON");
    const refused = await test.app.inject({
      method: "POST",
      url: "/api/log-workout?from=phone",
      headers: { cookie, "content-type": "application/json" },
      payload: { name: "Run", duration: 30, distanceUnit: "km", calories: 300 },
    });
    test.db.$client.pragma("query_only = OFF");
    expect(refused.statusCode).toBe(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, req: { method: "POST", url: "/api/log-workout?from=phone" } });
  });

  it(`refuses an 11th workout within the hour with 429 and Retry-After (at most ${WORKOUTS_PER_HOUR_MAX})`, async () => {
    let now = new Date("2026-06-01T12:00:00Z");
    const test = await buildTestApp({ now: () => now });
    const cookie = sessionCookie(test, "alex");
    const log = () =>
      test.app.inject({
        method: "POST",
        url: "/api/log-workout",
        headers: { cookie, "content-type": "application/json" },
        payload: { name: "Run", duration: 30, distanceUnit: "km", calories: 300 },
      });
    for (let i = 0; i < WORKOUTS_PER_HOUR_MAX; i++) {
      now = new Date(now.getTime() + 60_000);
      expect((await log()).statusCode).toBe(201);
    }
    const limited = await log();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Sam is not limited by alex's workouts, and alex may log again an hour after her first.
    expect(
      (
        await test.app.inject({
          method: "POST",
          url: "/api/log-workout",
          headers: { cookie: sessionCookie(test, "sam"), "content-type": "application/json" },
          payload: { name: "Swim", duration: 20, distanceUnit: "km", calories: 200 },
        })
      ).statusCode,
    ).toBe(201);
    now = new Date("2026-06-01T13:01:01Z");
    expect((await log()).statusCode).toBe(201);
    expect(test.db.$client.prepare("SELECT count(*) AS n FROM workouts").get()).toEqual({ n: 12 });
  });
});
