import type { Db } from "@spankbank/db/client";
import { NUDGE_DAILY_LIMIT } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

/** The app on a clock the test moves: Alex is in Asia/Kolkata (UTC+5:30), Sam in America/New_York. */
async function nudgeApp(start: string) {
  let clock = new Date(start);
  const test = await buildTestApp({ now: () => clock });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const today = (who: "alex" | "sam") =>
    test.app.inject({ method: "GET", url: "/api/nudges", headers: { cookie: cookie[who] } });
  const send = (who: "alex" | "sam", payload: object = {}) =>
    test.app.inject({ method: "POST", url: "/api/nudges", headers: { cookie: cookie[who] }, payload });
  const setClock = (iso: string) => {
    clock = new Date(iso);
  };
  return { ...test, today, send, setClock };
}

const nudgeRows = (db: Db) => db.$client.prepare("SELECT from_user_id, to_user_id, line FROM nudges").all();
const outboxRows = (db: Db) =>
  (
    db.$client.prepare("SELECT kind, payload, recipient_user_id FROM outbox").all() as {
      kind: string;
      payload: string;
      recipient_user_id: number;
    }[]
  ).map((row) => ({ ...row, payload: JSON.parse(row.payload) }));

describe("POST and GET /api/nudges", () => {
  it("tells the other partner, from the session's partner, and counts it on both dashboards", async () => {
    const { db, today, send } = await nudgeApp("2026-05-01T12:00:00Z");
    const sent = await send("alex", { line: "  Missing your laugh  " });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({
      nudge: { id: expect.any(Number), line: "Missing your laugh", created_at: "2026-05-01T12:00:00.000Z" },
      received_today: 0,
      sent_today: 1,
      left_today: NUDGE_DAILY_LIMIT - 1,
    });
    expect((await send("alex")).json().nudge.line).toBeNull();
    expect((await send("alex", { line: null })).json().nudge.line).toBeNull();
    expect((await today("sam")).json()).toEqual({ received_today: 3, sent_today: 0, left_today: NUDGE_DAILY_LIMIT });
    expect((await today("alex")).json()).toEqual({
      received_today: 0,
      sent_today: 3,
      left_today: NUDGE_DAILY_LIMIT - 3,
    });
    const [alex, sam] = [userIdOf(db, "alex"), userIdOf(db, "sam")];
    // The announcement is for Sam: it follows Sam's quiet hours.
    expect(outboxRows(db)[0]).toEqual({
      kind: "partner_nudged",
      payload: { nudgeId: sent.json().nudge.id, fromUserId: alex, toUserId: sam, line: "Missing your laugh" },
      recipient_user_id: sam,
    });
    expect(outboxRows(db)).toHaveLength(3);
  });

  it(`refuses the ${NUDGE_DAILY_LIMIT + 1}th of the sender's day with 429 naming the limit, writing nothing; their next day starts afresh`, async () => {
    // 17:00 UTC is 22:30 in Kolkata: Alex's day turns at 18:30 UTC.
    const { db, today, send, setClock } = await nudgeApp("2026-05-01T17:00:00Z");
    for (let i = 0; i < NUDGE_DAILY_LIMIT; i++) expect((await send("alex")).statusCode).toBe(201);
    const refused = await send("alex", { line: "One more?" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `You have sent Sam your ${NUDGE_DAILY_LIMIT} thoughts for today (at most ${NUDGE_DAILY_LIMIT} a day). Try again tomorrow.`,
    );
    expect(nudgeRows(db)).toHaveLength(NUDGE_DAILY_LIMIT);
    expect(outboxRows(db)).toHaveLength(NUDGE_DAILY_LIMIT);
    // Sam's own taps are Sam's: Alex's limit does not hold them.
    expect((await send("sam")).statusCode).toBe(201);
    setClock("2026-05-01T18:30:00Z"); // midnight in Kolkata
    expect((await today("alex")).json()).toMatchObject({ sent_today: 0, left_today: NUDGE_DAILY_LIMIT });
    expect((await send("alex")).statusCode).toBe(201);
  });

  it("counts what the recipient got on their own calendar day, across a DST change", async () => {
    // New York springs forward on 8 March 2026: its day begins at 05:00 UTC, the next at 04:00 UTC.
    const { today, send, setClock } = await nudgeApp("2026-03-08T04:59:00Z"); // 23:59 on 7 March in New York
    expect((await send("alex")).statusCode).toBe(201);
    setClock("2026-03-08T05:00:00Z"); // 00:00 on 8 March
    expect((await send("alex")).statusCode).toBe(201);
    setClock("2026-03-09T03:59:00Z"); // 23:59 EDT on 8 March
    expect((await send("alex")).statusCode).toBe(201);
    expect((await today("sam")).json().received_today).toBe(2);
    setClock("2026-03-09T04:00:00Z"); // 00:00 on 9 March
    expect((await today("sam")).json().received_today).toBe(0);
  });

  it("refuses a bad line or any attempt to name the sender, with 400 naming the field, writing nothing", async () => {
    const { db, send } = await nudgeApp("2026-05-01T12:00:00Z");
    const cases: [object, RegExp][] = [
      [{ line: "x".repeat(141) }, /^body\.line: must be at most 140 characters/],
      [{ line: "   " }, /^body\.line: must not be empty/],
      [{ line: "" }, /^body\.line: must not be empty/],
      [{ line: "two\nlines" }, /^body\.line: must be one line/],
      [{ line: 7 }, /^body\.line/],
      [{ fromUserId: 2 }, /^body: Unrecognized key: "fromUserId"$/],
      [{ username: "sam" }, /^body: Unrecognized key: "username"$/],
    ];
    for (const [payload, message] of cases) {
      const reply = await send("alex", payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toMatch(message);
    }
    expect(nudgeRows(db)).toEqual([]);
    expect(outboxRows(db)).toEqual([]);
  });

  it("is for partners only", async () => {
    const { app, db } = await nudgeApp("2026-05-01T12:00:00Z");
    expect((await app.inject({ method: "GET", url: "/api/nudges" })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: "/api/nudges", payload: {} })).statusCode).toBe(401);
    expect(nudgeRows(db)).toEqual([]);
  });
});
