import type { Db } from "@spankbank/db/client";
import { LETTER_MAX } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

async function letterApp() {
  const test = await buildTestApp({ now: () => new Date("2026-12-24T18:00:00Z") });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const read = (who: "alex" | "sam") =>
    test.app.inject({ method: "GET", url: "/api/letter", headers: { cookie: cookie[who] } });
  const write = (who: "alex" | "sam", payload: object) =>
    test.app.inject({ method: "PUT", url: "/api/letter", headers: { cookie: cookie[who] }, payload });
  return { ...test, read, write };
}

/** Sam saving their letter on a clock the test sets. */
async function samSaving() {
  let clock = new Date("2026-12-24T18:00:00Z");
  const test = await buildTestApp({ now: () => clock });
  const cookie = sessionCookie(test, "sam");
  const save = (payload: object) =>
    test.app.inject({ method: "PUT", url: "/api/letter", headers: { cookie }, payload });
  const setClock = (iso: string) => {
    clock = new Date(iso);
  };
  return { test, save, setClock };
}

const rows = (db: Db) => db.$client.prepare("SELECT from_user_id, to_user_id, text FROM letters").all();

describe("GET and PUT /api/letter", () => {
  it("answers nulls before anyone has written", async () => {
    const { read } = await letterApp();
    const reply = await read("alex");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.json()).toEqual({ letter: null, draft: null });
  });

  it("delivers what sam writes to alex only, and shows sam it as the draft", async () => {
    const { read, write } = await letterApp();
    const written = await write("sam", { text: "Dear Alex,\n\nYou are my *favourite* person." });
    expect(written.statusCode).toBe(200);
    const sent = { text: "Dear Alex,\n\nYou are my *favourite* person.", updated_at: "2026-12-24T18:00:00.000Z" };
    expect(written.json()).toEqual({ letter: null, draft: sent });

    expect((await read("alex")).json()).toEqual({ letter: sent, draft: null });
    expect((await read("sam")).json()).toEqual({ letter: null, draft: sent });
  });

  it("lets each partner write only their own letter, whatever the body says", async () => {
    const { db, read, write } = await letterApp();
    await write("alex", { text: "From alex" });
    const sneaky = await write("sam", { text: "From sam", from: "alex", username: "alex", toUserId: 2 });
    expect(sneaky.statusCode).toBe(200);
    expect((await read("sam")).json().letter.text).toBe("From alex");
    expect((await read("alex")).json().letter.text).toBe("From sam");
    expect(rows(db)).toHaveLength(2);
  });

  it("rewrites the partner's one letter", async () => {
    const { db, read, write } = await letterApp();
    await write("sam", { text: "First draft" });
    await write("sam", { text: "The real one" });
    expect((await read("alex")).json().letter.text).toBe("The real one");
    expect(rows(db)).toHaveLength(1);
  });

  it("never replaces a letter saved since on another device: 409, nothing written, until it is read again", async () => {
    const { test, save, setClock } = await samSaving();
    const first = await save({ text: "First words", basedOn: null });
    expect(first.statusCode).toBe(200);
    const firstVersion = first.json().draft.updated_at;

    // The laptop saves over the first words; the phone still shows them.
    setClock("2026-12-24T18:05:00Z");
    const laptop = await save({ text: "The laptop's letter", basedOn: firstVersion });
    expect(laptop.statusCode).toBe(200);
    const phone = await save({ text: "The phone's words", basedOn: firstVersion });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message).toBe(
      "Saved on another device since you wrote these words: nothing was replaced. Read the saved one, then save again to replace it.",
    );
    expect(rows(test.db)).toEqual([{ from_user_id: 2, to_user_id: 1, text: "The laptop's letter" }]);
    // Written as if there were none yet: refused too.
    expect((await save({ text: "The phone's words", basedOn: null })).statusCode).toBe(409);

    // Read again, the phone may replace it on purpose.
    setClock("2026-12-24T18:10:00Z");
    const again = await save({ text: "The phone's words", basedOn: laptop.json().draft.updated_at });
    expect(again.statusCode).toBe(200);
    expect(rows(test.db)).toEqual([{ from_user_id: 2, to_user_id: 1, text: "The phone's words" }]);
  });

  it("never replaces a letter saved in the same millisecond as the version the page showed (each save is a new version)", async () => {
    const { test, save } = await samSaving();
    // The clock does not move: the first words and the laptop's save share one millisecond.
    const first = (await save({ text: "First words", basedOn: null })).json().draft;
    const laptop = await save({ text: "The laptop's letter", basedOn: first.updated_at });
    expect(laptop.statusCode).toBe(200);
    expect(laptop.json().draft.updated_at).not.toBe(first.updated_at);
    const phone = await save({ text: "The phone's words", basedOn: first.updated_at });
    expect(phone.statusCode).toBe(409);
    expect(rows(test.db)).toEqual([{ from_user_id: 2, to_user_id: 1, text: "The laptop's letter" }]);
  });

  it("takes a save sent again after its answer was lost: 200 with the letter as saved, not 'saved on another device'", async () => {
    const { test, save, setClock } = await samSaving();
    const first = await save({ text: "First words", basedOn: null });
    const saved = await save({ text: "The real letter", basedOn: first.json().draft.updated_at });
    expect(saved.statusCode).toBe(200);

    // Its answer never reached the phone, which sends it again as it was.
    setClock("2026-12-24T18:05:00Z");
    const again = await save({ text: "The real letter", basedOn: first.json().draft.updated_at });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().draft).toEqual(saved.json().draft);
    expect(rows(test.db)).toEqual([{ from_user_id: 2, to_user_id: 1, text: "The real letter" }]);
  });

  it("refuses a blank, too long, control-character or missing text with 400 naming it, writing nothing", async () => {
    const { db, write } = await letterApp();
    for (const payload of [
      { text: "" },
      { text: " \n\u200b " },
      { text: "x".repeat(LETTER_MAX + 1) },
      { text: "Love\u0007you" },
      { text: 42 },
      {},
    ]) {
      const reply = await write("alex", payload);
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(reply.json().message).toContain("body.text");
    }
    expect(rows(db)).toEqual([]);
    expect((await write("alex", { text: "x".repeat(LETTER_MAX) })).statusCode).toBe(200);
  });

  it("needs a session to read or write", async () => {
    const { app, db } = await letterApp();
    expect((await app.inject({ method: "GET", url: "/api/letter" })).statusCode).toBe(401);
    const put = await app.inject({ method: "PUT", url: "/api/letter", payload: { text: "Hi" } });
    expect(put.statusCode).toBe(401);
    expect(rows(db)).toEqual([]);
  });
});
