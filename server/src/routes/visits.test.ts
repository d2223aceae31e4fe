import type { Db } from "@spankbank/db/client";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { VISIT_NOTE_MAX } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

/** The app at 20:00 UTC on 23 November 2026: 01:30 on the 24th in India, 15:00 on the 23rd in Florida. */
async function visitApp(now = "2026-11-23T20:00:00Z") {
  const clock = { now: new Date(now) };
  const test = await buildTestApp({ now: () => clock.now });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const send = (who: "alex" | "sam" | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    test.app.inject({ method, url, ...(who && { headers: { cookie: cookie[who] } }), ...(payload && { payload }) });
  /** Moves the app's clock on by `ms`. */
  const later = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  return { ...test, send, later };
}

const rows = (db: Db) => db.$client.prepare("SELECT start_date, end_date, place, note FROM visits ORDER BY id").all();

describe("/api/visits", () => {
  it("alex plans the next visit; sam sees it counted on each one's own calendar", async () => {
    const { send } = await visitApp();
    const planned = await send("alex", "POST", "/api/visits", {
      start_date: "2026-12-18",
      end_date: "2026-12-27",
      place: "  Lisbon ",
      username: "sam",
      planned_by: "sam",
    });
    expect(planned.statusCode).toBe(201);
    expect(planned.json().visit).toMatchObject({
      start_date: "2026-12-18",
      end_date: "2026-12-27",
      place: "Lisbon",
      note: null,
      planned_by: "alex",
      days_apart_before: null,
    });

    const seen = await send("sam", "GET", "/api/visits");
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["cache-control"]).toBe("no-store");
    expect(seen.json()).toMatchObject({
      current: null,
      next: { start_date: "2026-12-18", planned_by: "alex" },
      countdowns: [
        { username: "sam", city: "Florida", today: "2026-11-23", days_until: 25, together: false, days_apart: null },
        { username: "alex", city: "India", today: "2026-11-24", days_until: 24, together: false, days_apart: null },
      ],
      in_person: [],
      past: { visits: [], page: 1, page_count: 1, total: 0 },
    });
  });

  it("moves and cancels a visit, either partner", async () => {
    const { db, send } = await visitApp();
    const { visit } = (
      await send("alex", "POST", "/api/visits", { start_date: "2026-12-18", end_date: "2026-12-27" })
    ).json();
    const moved = await send("sam", "PUT", `/api/visits/${visit.id}`, {
      start_date: "2026-12-20",
      end_date: "2026-12-28",
      note: "I'll bring the scarf",
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().visit).toMatchObject({ start_date: "2026-12-20", note: "I'll bring the scarf" });
    expect((await send("sam", "DELETE", `/api/visits/${visit.id}`)).statusCode).toBe(204);
    expect(rows(db)).toEqual([]);
    expect((await send("sam", "DELETE", `/api/visits/${visit.id}`)).statusCode).toBe(404);
  });

  it("keeps a visit the other partner changed since it was shown to the one removing it", async () => {
    const { db, send, later } = await visitApp();
    const { visit } = (
      await send("alex", "POST", "/api/visits", { start_date: "2026-12-18", end_date: "2026-12-27" })
    ).json();
    later(5);
    const changed = (
      await send("alex", "PUT", `/api/visits/${visit.id}`, {
        start_date: "2026-12-18",
        end_date: "2026-12-27",
        note: "Our first trip",
      })
    ).json().visit;
    const refused = await send(
      "sam",
      "DELETE",
      `/api/visits/${visit.id}?based_on=${encodeURIComponent(visit.updated_at)}`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This visit was changed since you opened it: nothing was removed. Look at it again, then remove it if you still want to.",
    );
    expect(rows(db)).toHaveLength(1);
    expect((await send("sam", "DELETE", `/api/visits/${visit.id}?based_on=yesterday`)).statusCode).toBe(400);
    const removed = await send(
      "sam",
      "DELETE",
      `/api/visits/${visit.id}?based_on=${encodeURIComponent(changed.updated_at)}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(rows(db)).toEqual([]);
  });

  it("refuses a change made on the visit as it was before the other partner changed it, and keeps theirs", async () => {
    const { db, send, later } = await visitApp();
    const { visit } = (
      await send("alex", "POST", "/api/visits", { start_date: "2026-12-18", end_date: "2026-12-27" })
    ).json();
    // Both open the form on this version; Sam saves first, a minute later.
    later(60_000);
    const sams = await send("sam", "PUT", `/api/visits/${visit.id}`, {
      start_date: "2026-12-20",
      end_date: "2026-12-28",
      based_on: visit.updated_at,
    });
    later(60_000);
    const alexs = await send("alex", "PUT", `/api/visits/${visit.id}`, {
      start_date: "2026-12-18",
      end_date: "2026-12-27",
      note: "Bring the scarf",
      based_on: visit.updated_at,
    });

    expect(sams.statusCode).toBe(200);
    expect(alexs.statusCode).toBe(409);
    expect(alexs.json().message).toBe("This visit was changed since you opened it: nothing was replaced.");
    expect(rows(db)).toEqual([{ start_date: "2026-12-20", end_date: "2026-12-28", place: null, note: null }]);

    const again = await send("alex", "PUT", `/api/visits/${visit.id}`, {
      start_date: "2026-12-20",
      end_date: "2026-12-28",
      note: "Bring the scarf",
      based_on: sams.json().visit.updated_at,
    });
    expect(again.statusCode).toBe(200);
    expect(rows(db)).toEqual([
      { start_date: "2026-12-20", end_date: "2026-12-28", place: null, note: "Bring the scarf" },
    ]);
  });

  it("refuses a stale change or removal even when the change it missed came in the same millisecond", async () => {
    const { db, send } = await visitApp();
    // The clock does not move: the plan and Sam's change share one millisecond.
    const { visit } = (
      await send("alex", "POST", "/api/visits", { start_date: "2026-12-18", end_date: "2026-12-27" })
    ).json();
    const sams = await send("sam", "PUT", `/api/visits/${visit.id}`, {
      start_date: "2026-12-18",
      end_date: "2026-12-27",
      note: "I'll bring the scarf",
      based_on: visit.updated_at,
    });
    expect(sams.statusCode).toBe(200);
    expect(sams.json().visit.updated_at).not.toBe(visit.updated_at);
    const alexs = await send("alex", "PUT", `/api/visits/${visit.id}`, {
      start_date: "2026-12-18",
      end_date: "2026-12-27",
      place: "Lisbon",
      based_on: visit.updated_at,
    });
    expect(alexs.statusCode).toBe(409);
    const removal = `/api/visits/${visit.id}?based_on=${encodeURIComponent(visit.updated_at)}`;
    expect((await send("alex", "DELETE", removal)).statusCode).toBe(409);
    expect(rows(db)).toEqual([
      { start_date: "2026-12-18", end_date: "2026-12-27", place: null, note: "I'll bring the scarf" },
    ]);
  });

  it("answers a change sent again after its answer was lost as done, and changes nothing more", async () => {
    const { db, send, later } = await visitApp();
    const { visit } = (
      await send("alex", "POST", "/api/visits", { start_date: "2026-12-18", end_date: "2026-12-27" })
    ).json();
    const change = {
      start_date: "2026-12-20",
      end_date: "2026-12-28",
      note: "Bring the scarf",
      based_on: visit.updated_at,
    };
    later(60_000);
    const first = await send("alex", "PUT", `/api/visits/${visit.id}`, change);
    later(60_000);
    // The answer to the first never reached the phone: the same change, on the same version, again.
    const again = await send("alex", "PUT", `/api/visits/${visit.id}`, change);

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().visit).toEqual(first.json().visit);
    expect(rows(db)).toEqual([
      { start_date: "2026-12-20", end_date: "2026-12-28", place: null, note: "Bring the scarf" },
    ]);
    // Anything else on that old version is still refused.
    const other = await send("alex", "PUT", `/api/visits/${visit.id}`, { ...change, note: "Bring two scarves" });
    expect(other.statusCode).toBe(409);
  });

  it("logs past visits with the days apart before each, paged", async () => {
    const { send } = await visitApp();
    await send("sam", "POST", "/api/visits", { start_date: "2026-03-01", end_date: "2026-03-08" });
    await send("alex", "POST", "/api/visits", { start_date: "2026-07-10", end_date: "2026-07-20" });
    const reply = (await send("alex", "GET", "/api/visits?page=1")).json();
    expect(reply.past).toMatchObject({ total: 2, page_count: 1 });
    expect(
      reply.past.visits.map((v: { start_date: string; days_apart_before: number | null }) => [
        v.start_date,
        v.days_apart_before,
      ]),
    ).toEqual([
      ["2026-07-10", 124],
      ["2026-03-01", null],
    ]);
    // India is on the 24th: 127 days since 20 July.
    expect(reply.countdowns[0]).toMatchObject({ username: "alex", days_apart: 127, days_until: null });
  });

  it("lists the favours marked in person that wait in either inventory", async () => {
    const { db, send } = await visitApp();
    const [alex, sam] = [userIdOf(db, "alex"), userIdOf(db, "sam")];
    const listed = await send("sam", "POST", "/api/products", {
      name: "Slow dance",
      description: "In the kitchen",
      quantity: 2,
      price: 0,
      in_person: true,
    });
    expect(listed.json().product).toMatchObject({ in_person: true });
    giveSpanks(db, alex, 10);
    purchaseProduct(db, { buyerId: alex, productId: listed.json().product.id });
    purchaseProduct(db, {
      buyerId: sam,
      productId: createProduct(db, alex, { name: "Call", description: "At nine", quantity: 1, price: 0 }).id,
    });
    expect((await send("sam", "GET", "/api/visits")).json().in_person).toEqual([
      {
        id: expect.any(Number),
        name: "Slow dance",
        description: "In the kitchen",
        quantity: 1,
        owner: "alex",
        seller: "sam",
      },
    ]);
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const { db, send } = await visitApp();
    const cases: [object, string][] = [
      [{ start_date: "2026-12-32", end_date: "2026-12-27" }, "start_date"],
      [{ start_date: "18/12/2026", end_date: "2026-12-27" }, "start_date"],
      [{ start_date: "2026-12-18" }, "end_date"],
      [{ start_date: "2026-12-18", end_date: "2026-12-10" }, "end_date"],
      [{ start_date: "2026-12-18", end_date: "2026-12-20", place: "x".repeat(81) }, "place"],
      [{ start_date: "2026-12-18", end_date: "2026-12-20", place: "Paris\nRome" }, "place"],
      [{ start_date: "2026-12-18", end_date: "2026-12-20", note: "x".repeat(VISIT_NOTE_MAX + 1) }, "note"],
      [{ start_date: 20261218, end_date: "2026-12-20" }, "start_date"],
    ];
    for (const [payload, field] of cases) {
      const reply = await send("alex", "POST", "/api/visits", payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toContain(field);
    }
    expect((await send("alex", "GET", "/api/visits?page=0")).statusCode).toBe(400);
    expect(
      (await send("alex", "PUT", "/api/visits/0x1", { start_date: "2026-12-18", end_date: "2026-12-20" })).statusCode,
    ).toBe(400);
    expect(rows(db)).toEqual([]);
  });

  it("refuses overlapping dates and a second visit ahead with 409, writing nothing", async () => {
    const { db, send } = await visitApp();
    await send("alex", "POST", "/api/visits", { start_date: "2026-12-18", end_date: "2026-12-27" });
    const overlap = await send("sam", "POST", "/api/visits", { start_date: "2026-12-24", end_date: "2026-12-30" });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe("Those dates overlap your visit of Fri 18 Dec to Sun 27 Dec.");
    const second = await send("sam", "POST", "/api/visits", { start_date: "2027-02-01", end_date: "2027-02-03" });
    expect(second.statusCode).toBe(409);
    expect(rows(db)).toHaveLength(1);
  });

  it("needs a session for every read and write", async () => {
    const { db, send } = await visitApp();
    expect((await send(null, "GET", "/api/visits")).statusCode).toBe(401);
    expect(
      (await send(null, "POST", "/api/visits", { start_date: "2026-12-18", end_date: "2026-12-20" })).statusCode,
    ).toBe(401);
    expect(
      (await send(null, "PUT", "/api/visits/1", { start_date: "2026-12-18", end_date: "2026-12-20" })).statusCode,
    ).toBe(401);
    expect((await send(null, "DELETE", "/api/visits/1")).statusCode).toBe(401);
    expect(rows(db)).toEqual([]);
  });
});

describe("GET /api/visits: the log's page after a visit is removed", () => {
  it("answers the last page (with its visits), not an empty page past the end", async () => {
    const test = await buildTestApp({ now: () => new Date("2026-11-23T20:00:00Z") });
    const cookie = sessionCookie(test, "alex");
    const send = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
      test.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
    // Eleven visits lived: two pages of the log (10 a page).
    const ids: number[] = [];
    for (let month = 1; month <= 11; month++) {
      const mm = String(month).padStart(2, "0");
      const saved = await send("POST", "/api/visits", { start_date: `2025-${mm}-01`, end_date: `2025-${mm}-03` });
      expect(saved.statusCode).toBe(201);
      ids.push(saved.json().visit.id);
    }
    expect((await send("GET", "/api/visits?page=2")).json().past).toMatchObject({ page: 2, page_count: 2, total: 11 });

    // On page 2, the partner removes its only visit; the page is read again.
    expect((await send("DELETE", `/api/visits/${ids[0]}`)).statusCode).toBe(204);
    const past = (await send("GET", "/api/visits?page=2")).json().past;
    expect(past).toMatchObject({ page_count: 1, total: 10 });
    // Not an empty page 2 past the end: the log on screen empty, its pager gone.
    expect(past.page).toBe(1);
    expect(past.visits).toHaveLength(10);
  });
});
