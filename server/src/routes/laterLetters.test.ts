import type { Db } from "@spankbank/db/client";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { LATER_LETTERS_PER_PAGE } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

type Who = "alex" | "sam";

/** Alex in Asia/Kolkata, Sam in America/New_York; the clock is moved by each test. */
async function lettersApp(options: { anniversary?: string | undefined } = { anniversary: "2024-02-14" }) {
  let clock = new Date("2026-11-23T12:00:00Z");
  const test = await buildTestApp({
    now: () => clock,
    config: { ...demoCouple, anniversary: options.anniversary },
  });
  const call = (who: Who | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      // A session made on the moved clock: one from November would have expired by March.
      headers: who ? { cookie: sessionCookie(test, who) } : {},
      ...(payload ? { payload } : {}),
    });
  const setClock = (iso: string) => {
    clock = new Date(iso);
  };
  return { ...test, call, setClock };
}

const rows = (db: Db) => db.$client.prepare("SELECT from_user_id, text, opens_at FROM later_letters").all();
const christmas = { kind: "date", date: "2026-12-24", time: "08:00" };

describe("letters for later over /api/later-letters", () => {
  it("seals a dated letter: Sam sees its moment, never its text, until 08:00 on Sam's clock", async () => {
    const { call, setClock } = await lettersApp();
    const written = await call("alex", "POST", "/api/later-letters", {
      text: "Merry Christmas, love",
      opening: christmas,
    });
    expect(written.statusCode).toBe(201);
    const { letter } = written.json();
    expect(letter).toMatchObject({ from: "alex", to: "sam", state: "sealed", text: "Merry Christmas, love" });
    expect(letter.opens_at).toBe("2026-12-24T13:00:00.000Z");

    const list = (await call("sam", "GET", "/api/later-letters")).json();
    expect(list.from_you).toEqual([]);
    expect(list.to_you).toEqual([
      expect.objectContaining({ id: letter.id, state: "sealed", text: null, opens_at: "2026-12-24T13:00:00.000Z" }),
    ]);
    expect(JSON.stringify(list)).not.toContain("Merry Christmas");

    setClock("2026-12-24T12:59:59.999Z");
    for (const [method, url] of [
      ["GET", `/api/later-letters/${letter.id}`],
      ["POST", `/api/later-letters/${letter.id}/open`],
    ] as const) {
      const early = await call("sam", method, url);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe("This letter is sealed until Thu 24 Dec, 08:00 your time.");
      expect(early.body).not.toContain("Merry Christmas");
    }

    setClock("2026-12-24T13:00:00.000Z");
    const opened = await call("sam", "POST", `/api/later-letters/${letter.id}/open`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().letter).toMatchObject({ state: "open", text: "Merry Christmas, love" });
    expect((await call("sam", "GET", `/api/later-letters/${letter.id}`)).json().letter.text).toBe(
      "Merry Christmas, love",
    );
    expect((await call("alex", "GET", "/api/later-letters")).json().from_you[0]).toMatchObject({
      state: "open",
      opened_at: "2026-12-24T13:00:00.000Z",
    });
  });

  it("keeps the moment on the recipient's clock across DST: a letter for 14 March 2027 08:00 opens at 12:00 UTC", async () => {
    const { call, setClock } = await lettersApp();
    const opening = { kind: "date", date: "2027-03-14", time: "08:00" };
    const { letter } = (await call("alex", "POST", "/api/later-letters", { text: "Spring", opening })).json();
    expect(letter.opens_at).toBe("2027-03-14T12:00:00.000Z");
    // 07:59 EDT: the clocks have already jumped, still sealed.
    setClock("2027-03-14T11:59:00Z");
    expect((await call("sam", "POST", `/api/later-letters/${letter.id}/open`)).statusCode).toBe(409);
    setClock("2027-03-14T12:00:00Z");
    expect((await call("sam", "POST", `/api/later-letters/${letter.id}/open`)).statusCode).toBe(200);
  });

  it("lets Sam open an 'open when you're sad' letter any time; the writer sees it was opened", async () => {
    const { call } = await lettersApp();
    const opening = { kind: "openWhen", moment: "sad" };
    const { letter } = (await call("alex", "POST", "/api/later-letters", { text: "Chin up", opening })).json();
    expect((await call("sam", "GET", `/api/later-letters/${letter.id}`)).json().message).toBe(
      "Open this letter first.",
    );
    expect((await call("alex", "POST", `/api/later-letters/${letter.id}/open`)).statusCode).toBe(403);
    const opened = await call("sam", "POST", `/api/later-letters/${letter.id}/open`);
    expect(opened.json().letter).toMatchObject({
      state: "open",
      text: "Chin up",
      opened_at: "2026-11-23T12:00:00.000Z",
    });
    expect((await call("alex", "GET", "/api/later-letters")).json().from_you[0].state).toBe("open");
  });

  it("opens an anniversary letter at 08:00 on the recipient's clock, and says the anniversary", async () => {
    const { call } = await lettersApp();
    const { letter } = (
      await call("sam", "POST", "/api/later-letters", { text: "Happy anniversary", opening: { kind: "anniversary" } })
    ).json();
    // 08:00 in Kolkata on 14 February 2027.
    expect(letter.opens_at).toBe("2027-02-14T02:30:00.000Z");
    expect((await call("alex", "GET", "/api/later-letters")).json().anniversary).toBe("2024-02-14");
  });

  it("lets the writer edit and take back a letter until it opens, never the recipient", async () => {
    const { call, db, setClock } = await lettersApp();
    const { letter } = (await call("alex", "POST", "/api/later-letters", { text: "First", opening: christmas })).json();
    const url = `/api/later-letters/${letter.id}`;
    expect((await call("sam", "PUT", url, { text: "Hijack", opening: christmas })).statusCode).toBe(403);
    const shown = (updatedAt: string) => `${url}?based_on=${encodeURIComponent(updatedAt)}`;
    expect((await call("sam", "DELETE", shown(letter.updated_at))).statusCode).toBe(403);
    const edited = await call("alex", "PUT", url, { text: "Second", opening: christmas });
    expect(edited.json().letter.text).toBe("Second");
    const takeBack = shown(edited.json().letter.updated_at);
    setClock("2026-12-24T13:00:00Z");
    const late = await call("alex", "PUT", url, { text: "Third", opening: { kind: "openWhen", moment: "sad" } });
    expect(late.statusCode).toBe(409);
    expect((await call("alex", "DELETE", takeBack)).statusCode).toBe(409);
    expect(rows(db)).toEqual([{ from_user_id: 1, text: "Second", opens_at: "2026-12-24T13:00:00.000Z" }]);
    setClock("2026-11-23T12:00:00Z");
    expect((await call("alex", "DELETE", takeBack)).statusCode).toBe(204);
    expect(rows(db)).toEqual([]);
  });

  it("refuses a rewrite based on a version sealed again since (409), replacing nothing", async () => {
    const { call, db, setClock } = await lettersApp();
    const { letter } = (await call("alex", "POST", "/api/later-letters", { text: "First", opening: christmas })).json();
    const url = `/api/later-letters/${letter.id}`;
    setClock("2026-11-23T12:05:00Z");
    const laptop = await call("alex", "PUT", url, { text: "Laptop", opening: christmas, based_on: letter.updated_at });
    expect(laptop.statusCode).toBe(200);
    setClock("2026-11-23T12:10:00Z");
    const phone = await call("alex", "PUT", url, { text: "Phone", opening: christmas, based_on: letter.updated_at });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toMatch(/^This letter was sealed again on another device since you opened it/);
    expect(rows(db)).toEqual([{ from_user_id: 1, text: "Laptop", opens_at: "2026-12-24T13:00:00.000Z" }]);
    const bad = await call("alex", "PUT", url, { text: "Phone", opening: christmas, based_on: "yesterday" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/body\.based_on/);
  });

  it("takes a rewrite sent again after its answer was lost (no Idempotency-Key) as done, not refused", async () => {
    const { call, db, setClock } = await lettersApp();
    const { letter } = (await call("alex", "POST", "/api/later-letters", { text: "First", opening: christmas })).json();
    const url = `/api/later-letters/${letter.id}`;
    setClock("2026-11-23T12:05:00Z");
    const rewrite = { text: "Second", opening: { ...christmas, time: "09:30" }, based_on: letter.updated_at };
    const landed = await call("alex", "PUT", url, rewrite);
    expect(landed.statusCode).toBe(200);
    // The answer never reached the page: it sends the same rewrite again, from the same version.
    setClock("2026-11-23T12:05:30Z");
    const again = await call("alex", "PUT", url, rewrite);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(landed.json());
    expect(rows(db)).toEqual([{ from_user_id: 1, text: "Second", opens_at: "2026-12-24T14:30:00.000Z" }]);
  });

  it("refuses a stale rewrite even when the rewrite it missed came in the same millisecond as the seal", async () => {
    const { call, db } = await lettersApp();
    // The clock does not move: the seal and the laptop's rewrite share one millisecond.
    const { letter } = (await call("alex", "POST", "/api/later-letters", { text: "First", opening: christmas })).json();
    const url = `/api/later-letters/${letter.id}`;
    const laptop = await call("alex", "PUT", url, { text: "Laptop", opening: christmas, based_on: letter.updated_at });
    expect(laptop.statusCode).toBe(200);
    expect(laptop.json().letter.updated_at).not.toBe(letter.updated_at);
    const phone = await call("alex", "PUT", url, { text: "Phone", opening: christmas, based_on: letter.updated_at });
    expect(phone.statusCode).toBe(409);
    expect(rows(db)).toEqual([{ from_user_id: 1, text: "Laptop", opens_at: "2026-12-24T13:00:00.000Z" }]);
  });

  it("keeps a letter sealed again on another device when a page that showed the older version takes it back (409)", async () => {
    const { call, db, setClock } = await lettersApp();
    const { letter } = (await call("alex", "POST", "/api/later-letters", { text: "First", opening: christmas })).json();
    const url = `/api/later-letters/${letter.id}`;
    const version = (updatedAt: string) => `${url}?based_on=${encodeURIComponent(updatedAt)}`;
    // The laptop rewrites it; the phone still shows "First" and takes that back.
    setClock("2026-11-23T12:05:00Z");
    const laptop = await call("alex", "PUT", url, { text: "Laptop", opening: christmas, based_on: letter.updated_at });
    expect(laptop.statusCode).toBe(200);
    const phone = await call("alex", "DELETE", version(letter.updated_at));
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toBe(
      "This letter was sealed again on another device since you opened it: it was not taken back. Read the sealed one, then take it back if you still want to.",
    );
    expect(rows(db)).toEqual([{ from_user_id: 1, text: "Laptop", opens_at: "2026-12-24T13:00:00.000Z" }]);
    // A take-back that names no version, or not a time, is refused naming the field; nothing goes.
    for (const unnamed of [url, `${url}?based_on=yesterday`]) {
      const refused = await call("alex", "DELETE", unnamed);
      expect(refused.statusCode, unnamed).toBe(400);
      expect(refused.json().message, unnamed).toMatch(/^querystring\.based_on: /);
    }
    expect(rows(db)).toHaveLength(1);
    // Taken back knowingly: from the version the page shows now.
    expect((await call("alex", "DELETE", version(laptop.json().letter.updated_at))).statusCode).toBe(204);
    expect(rows(db)).toEqual([]);
  });

  it("refuses bad input with 400 naming the field, writing nothing", async () => {
    const { call, db } = await lettersApp({ anniversary: undefined });
    const cases: [object, string][] = [
      [{ text: "", opening: christmas }, "body.text"],
      [{ text: "Hi\u0007", opening: christmas }, "body.text"],
      // Half of an emoji's surrogate pair: not text SQLite can store as it came.
      [{ text: "Hi \ud800 love", opening: christmas }, "body.text"],
      [{ text: "Hi \udc00", opening: christmas }, "body.text"],
      [{ text: "x".repeat(4001), opening: christmas }, "body.text"],
      [{ text: "Hi" }, "body.opening"],
      [{ text: "Hi", opening: { kind: "date", date: "2027-02-30", time: "08:00" } }, "body.opening.date"],
      [{ text: "Hi", opening: { kind: "date", date: "2027-02-01", time: "8am" } }, "body.opening.time"],
      [{ text: "Hi", opening: { kind: "openWhen", moment: "hungry" } }, "body.opening.moment"],
      [{ text: "Hi", opening: { kind: "date", date: "2026-11-22", time: "08:00" } }, "opening.date"],
      [{ text: "Hi", opening: { kind: "anniversary" } }, "opening.kind"],
    ];
    for (const [payload, field] of cases) {
      const reply = await call("alex", "POST", "/api/later-letters", payload);
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(reply.json().message, JSON.stringify(payload).slice(0, 60)).toContain(`${field}:`);
    }
    expect((await call("alex", "POST", "/api/later-letters/abc/open")).statusCode).toBe(400);
    expect(rows(db)).toEqual([]);
  });

  it("needs a session for every route, and shows nobody a letter that is not theirs", async () => {
    const { call, db } = await lettersApp();
    const { letter } = (await call("alex", "POST", "/api/later-letters", { text: "Ours", opening: christmas })).json();
    const url = `/api/later-letters/${letter.id}`;
    for (const [method, path, body] of [
      ["GET", "/api/later-letters", undefined],
      ["POST", "/api/later-letters", { text: "x", opening: christmas }],
      ["GET", url, undefined],
      ["PUT", url, { text: "x", opening: christmas }],
      ["DELETE", url, undefined],
      ["POST", `${url}/open`, undefined],
    ] as const) {
      const reply = await call(null, method, path, body);
      expect(reply.statusCode, `${method} ${path}`).toBe(401);
      expect(reply.body).not.toContain("Ours");
    }
    expect((await call("sam", "GET", `/api/later-letters/${letter.id + 1}`)).statusCode).toBe(404);
    expect(rows(db)).toHaveLength(1);
  });

  it("leaves a sealed letter out of its recipient's export, and keeps it in the writer's", async () => {
    const { call } = await lettersApp();
    await call("alex", "POST", "/api/later-letters", { text: "Secret words", opening: christmas });
    expect((await call("sam", "GET", "/api/export")).body).not.toContain("Secret words");
    expect((await call("alex", "GET", "/api/export")).body).toContain("Secret words");
  });

  it("pages both lists, LATER_LETTERS_PER_PAGE of each, newest first; a bad page is a 400 naming it", async () => {
    const { call } = await lettersApp();
    const count = LATER_LETTERS_PER_PAGE + 2;
    for (let i = 1; i <= count; i += 1) {
      const written = await call("alex", "POST", "/api/later-letters", {
        text: `Letter ${i}`,
        opening: { kind: "openWhen", moment: "sad" },
      });
      expect(written.statusCode).toBe(201);
    }
    const first = (await call("alex", "GET", "/api/later-letters")).json();
    expect(first).toMatchObject({ page: 1, pageCount: 2, to_you_total: 0, from_you_total: count, to_you: [] });
    expect(first.from_you.map((letter: { text: string }) => letter.text)).toEqual(
      Array.from({ length: LATER_LETTERS_PER_PAGE }, (_, i) => `Letter ${count - i}`),
    );
    const last = (await call("sam", "GET", "/api/later-letters?page=9")).json();
    expect(last).toMatchObject({ page: 2, pageCount: 2, to_you_total: count, from_you_total: 0, from_you: [] });
    expect(last.to_you).toHaveLength(2);
    for (const query of ["page=0", "page=x", "page=1.5", "to_you_page=0", "from_you_page=x"]) {
      const refused = await call("sam", "GET", `/api/later-letters?${query}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(query.split("=")[0]);
    }
  });

  it("pages each list by itself: the letters to you on their second page, the ones you wrote on their first", async () => {
    const { call } = await lettersApp();
    const sad = { kind: "openWhen", moment: "sad" };
    for (let i = 1; i <= LATER_LETTERS_PER_PAGE + 1; i += 1) {
      expect((await call("alex", "POST", "/api/later-letters", { text: `To Sam ${i}`, opening: sad })).statusCode).toBe(
        201,
      );
    }
    for (let i = 1; i <= 2; i += 1) {
      expect((await call("sam", "POST", "/api/later-letters", { text: `To Alex ${i}`, opening: sad })).statusCode).toBe(
        201,
      );
    }
    const seen = (await call("sam", "GET", "/api/later-letters?to_you_page=2&from_you_page=1")).json();
    expect(seen).toMatchObject({
      to_you_page: 2,
      to_you_page_count: 2,
      from_you_page: 1,
      from_you_page_count: 1,
      to_you_total: LATER_LETTERS_PER_PAGE + 1,
      from_you_total: 2,
    });
    expect(seen.to_you).toHaveLength(1);
    expect(seen.from_you.map((letter: { text: string }) => letter.text)).toEqual(["To Alex 2", "To Alex 1"]);
    // Page 2 of both, as a page of an earlier version asks: the shorter list answers its last page, not nothing.
    const both = (await call("sam", "GET", "/api/later-letters?page=2")).json();
    expect(both).toMatchObject({ page: 2, pageCount: 2, to_you_page: 2, from_you_page: 1 });
    expect(both.from_you).toHaveLength(2);
  });

  it("counts the letters to you that can be opened on any page: dated ones whose moment has come, never an open-when one", async () => {
    const { call, setClock } = await lettersApp();
    const written = await call("alex", "POST", "/api/later-letters", { text: "Merry Christmas", opening: christmas });
    expect(written.statusCode).toBe(201);
    for (let i = 1; i <= LATER_LETTERS_PER_PAGE; i += 1) {
      await call("alex", "POST", "/api/later-letters", {
        text: `When sad ${i}`,
        opening: { kind: "openWhen", moment: "sad" },
      });
    }
    expect((await call("sam", "GET", "/api/later-letters")).json().to_you_waiting).toBe(0);
    setClock("2026-12-24T14:00:00Z");
    const page = (await call("sam", "GET", "/api/later-letters")).json();
    expect(page.to_you.map((letter: { opening: { kind: string } }) => letter.opening.kind)).not.toContain("date");
    expect(page.to_you_waiting).toBe(1);
    const id = written.json().letter.id;
    expect((await call("sam", "POST", `/api/later-letters/${id}/open`)).statusCode).toBe(200);
    expect((await call("sam", "GET", "/api/later-letters")).json().to_you_waiting).toBe(0);
  });
});
