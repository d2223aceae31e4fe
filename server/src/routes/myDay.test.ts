import type { Db } from "@spankbank/db/client";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

async function myDayApp() {
  const test = await buildTestApp({ now: () => new Date("2026-03-08T12:00:00Z") });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const read = (who: "alex" | "sam") =>
    test.app.inject({ method: "GET", url: "/api/my-day", headers: { cookie: cookie[who] } });
  const write = (who: "alex" | "sam", payload: object) =>
    test.app.inject({ method: "PUT", url: "/api/my-day", headers: { cookie: cookie[who] }, payload });
  const session = (who: "alex" | "sam") =>
    test.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie: cookie[who] } });
  return { ...test, read, write, session };
}

const rows = (db: Db) => db.$client.prepare("SELECT * FROM partner_days").all();
const good = { sleep: { from: "22:00", to: "06:00" }, work: null, quietHours: "digest" };

describe("GET and PUT /api/my-day", () => {
  it("answers the config's day until the partner saves their own", async () => {
    const { read } = await myDayApp();
    const reply = await read("alex");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.json()).toEqual({
      sleep: { from: "23:30", to: "07:00" },
      work: { from: "10:00", to: "18:30", days: ["mon", "tue", "wed", "thu", "fri", "sat"] },
      quietHours: "silent",
      source: "config",
      updated_at: null,
    });
  });

  it("saves the signed-in partner's own day only, and both partners' pages then see it", async () => {
    const { db, read, write, session } = await myDayApp();
    const saved = await write("alex", { ...good, work: { from: "09:00", to: "17:00", days: ["mon", "tue"] } });
    expect(saved.statusCode).toBe(200);
    const alexDay = {
      sleep: { from: "22:00", to: "06:00" },
      work: { from: "09:00", to: "17:00", days: ["mon", "tue"] },
      quietHours: "digest",
      source: "web",
      updated_at: "2026-03-08T12:00:00.000Z",
    };
    expect(saved.json()).toEqual(alexDay);
    expect((await read("alex")).json()).toEqual(alexDay);
    expect((await read("sam")).json()).toMatchObject({ sleep: { from: "23:00", to: "06:30" }, source: "config" });
    // Sam's dashboard clocks read the couple from the session: Alex's own day.
    const [alex, sam] = (await session("sam")).json().couple.partners;
    expect(alex).toMatchObject({ username: "alex", sleep: { from: "22:00", to: "06:00" }, work: alexDay.work });
    expect(sam).toMatchObject({ username: "sam", sleep: { from: "23:00", to: "06:30" } });
    expect(rows(db)).toHaveLength(1);
  });

  it("refuses 409 a day saved from a form opened before another device saved it, keeping the newer day", async () => {
    const { db, read, write } = await myDayApp();
    // Both of Alex's devices show the config's day. The laptop saves an earlier bedtime...
    const laptop = await write("alex", good);
    expect(laptop.statusCode).toBe(200);
    // ...then the phone, painted before, changes only its quiet hours: the laptop's sleep must stay.
    const phone = await write("alex", {
      sleep: { from: "23:30", to: "07:00" },
      work: null,
      quietHours: "silent",
      based_on: null,
    });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toContain("changed since");
    expect((await read("alex")).json()).toMatchObject({ sleep: { from: "22:00", to: "06:00" }, quietHours: "digest" });
    expect(rows(db)).toHaveLength(1);
    // From the newer day it is saved; the same day sent again after a lost answer is done, not refused.
    const version = (await read("alex")).json().updated_at;
    expect(version).toBe(laptop.json().updated_at);
    const fresh = await write("alex", { ...good, quietHours: "silent", based_on: version });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().updated_at > version).toBe(true);
    expect((await write("alex", { ...good, quietHours: "silent", based_on: version })).statusCode).toBe(200);
    // An older page sending no version saves as before.
    expect((await write("alex", good)).statusCode).toBe(200);
    const bad = await write("alex", { ...good, based_on: "yesterday" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("body.based_on");
  });

  it("refuses bad input with 400 naming the field, writing nothing", async () => {
    const { db, write } = await myDayApp();
    const cases: [object, RegExp][] = [
      [{ ...good, sleep: { from: "24:00", to: "06:00" } }, /body\.sleep\.from/],
      [{ ...good, sleep: { from: "7:00", to: "06:00" } }, /body\.sleep\.from/],
      [{ ...good, sleep: { from: "06:00", to: "06:00" } }, /body\.sleep\.to: from and to must differ/],
      [{ ...good, work: { from: "09:00", to: "09:00", days: ["mon"] } }, /body\.work\.to: from and to must differ/],
      [{ ...good, work: { from: "09:00", to: "17:00", days: ["someday"] } }, /body\.work\.days\.0/],
      [{ ...good, work: { from: "09:00", to: "17:00", days: [] } }, /body\.work\.days: pick at least one day/],
      [{ ...good, quietHours: "loud" }, /body\.quietHours/],
      [{ ...good, username: "sam" }, /body: Unrecognized key: "username"/],
      [{ ...good, sleep: { from: "22:00", to: "06:00", zone: "UTC" } }, /body\.sleep: Unrecognized key: "zone"/],
      [{ sleep: good.sleep, quietHours: "silent" }, /body\.work/],
    ];
    for (const [payload, message] of cases) {
      const reply = await write("alex", payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toMatch(message);
    }
    expect(rows(db)).toEqual([]);
  });

  it("is for partners only", async () => {
    const { app } = await myDayApp();
    expect((await app.inject({ method: "GET", url: "/api/my-day" })).statusCode).toBe(401);
    expect((await app.inject({ method: "PUT", url: "/api/my-day", payload: good })).statusCode).toBe(401);
  });
});
