import type { Db } from "@spankbank/db/client";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

async function colorSchemeApp() {
  const test = await buildTestApp({ now: () => new Date("2026-03-08T12:00:00Z") });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const write = (who: "alex" | "sam", payload: Record<string, unknown>) =>
    test.app.inject({ method: "PUT", url: "/api/color-scheme", headers: { cookie: cookie[who] }, payload });
  const session = async (who: "alex" | "sam") =>
    (await test.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie: cookie[who] } })).json();
  return { ...test, write, session };
}

const rows = (db: Db) => db.$client.prepare("SELECT user_id, color_scheme FROM partner_settings").all();

describe("PUT /api/color-scheme", () => {
  it("follows the device until the partner picks, then keeps the pick for them only, in their session", async () => {
    const { write, session } = await colorSchemeApp();
    expect((await session("alex")).colorScheme).toBe("auto");

    const saved = await write("alex", { colorScheme: "dark" });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers["cache-control"]).toBe("no-store");
    expect(saved.json()).toEqual({ colorScheme: "dark" });
    expect((await session("alex")).colorScheme).toBe("dark");
    expect((await session("sam")).colorScheme).toBe("auto");

    await write("sam", { colorScheme: "light" });
    await write("alex", { colorScheme: "auto" });
    expect((await session("alex")).colorScheme).toBe("auto");
    expect((await session("sam")).colorScheme).toBe("light");
  });

  it("refuses anything but auto, light or dark with 400 naming the field, writing nothing", async () => {
    const { db, write } = await colorSchemeApp();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ colorScheme: "sepia" }, /body\.colorScheme/],
      [{ colorScheme: "DARK" }, /body\.colorScheme/],
      [{ colorScheme: null }, /body\.colorScheme/],
      [{}, /body\.colorScheme/],
      [{ colorScheme: "dark", extra: 1 }, /body/],
    ];
    for (const [payload, field] of cases) {
      const reply = await write("alex", payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message, JSON.stringify(payload)).toMatch(field);
    }
    expect(rows(db)).toEqual([]);
  });

  it("is the signed-in partner's only: without a session it is 401", async () => {
    const { app } = await colorSchemeApp();
    const reply = await app.inject({ method: "PUT", url: "/api/color-scheme", payload: { colorScheme: "dark" } });
    expect(reply.statusCode).toBe(401);
  });
});
