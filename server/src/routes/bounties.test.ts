import { existsSync, readdirSync } from "node:fs";
import type { Db } from "@spankbank/db/client";
import { balanceOf, transfer } from "@spankbank/db/ledger";
import { mediaFolder } from "@spankbank/db/media";
import { BOUNTIES_UNSETTLED_MAX, MEDIA_MAX_BYTES, PHOTO_BASE64_MAX } from "@spankbank/shared/limits";
import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { giveSpanks } from "../test/economy.js";
import { sessionCookie } from "../test/session.js";

/** The app on a clock the test sets: Alex is in Asia/Kolkata (UTC+5:30), Sam in America/New_York. */
async function bountyApp(start = "2026-05-01T12:00:00Z") {
  let clock = new Date(start);
  const test = await buildTestApp({ now: () => clock });
  const cookie = { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") };
  const ids = { alex: userIdOf(test.db, "alex"), sam: userIdOf(test.db, "sam") };
  giveSpanks(test.db, ids.alex, 100);
  giveSpanks(test.db, ids.sam, 100);
  const call = (who: "alex" | "sam", url: string, payload?: object) =>
    test.app.inject({
      method: "POST",
      url,
      headers: { cookie: cookie[who] },
      ...(payload ? { payload } : {}),
    });
  const act = (who: "alex" | "sam", id: number, action: string, payload?: object) =>
    call(who, `/api/bounties/${id}/${action}`, payload);
  const list = (who: "alex" | "sam") =>
    test.app.inject({ method: "GET", url: "/api/bounties", headers: { cookie: cookie[who] } });
  const balance = (who: "alex" | "sam") => balanceOf(test.db, { userId: ids[who] });
  const setClock = (iso: string) => {
    clock = new Date(iso);
  };
  return { ...test, ids, call, act, list, balance, setClock };
}

const outboxKinds = (db: Db) =>
  (
    db.$client.prepare("SELECT kind, recipient_user_id AS recipient FROM outbox ORDER BY id").all() as {
      kind: string;
      recipient: number | null;
    }[]
  ).filter((row) => row.kind.startsWith("bounty_"));
const bountyTransfers = (db: Db) =>
  db.$client.prepare("SELECT kind, amount FROM transfers WHERE kind LIKE 'bounty%' ORDER BY id").all();
const rows = (db: Db) => [
  db.$client.prepare("SELECT * FROM bounties").all(),
  db.$client.prepare("SELECT COUNT(*) AS n FROM transfers").get(),
  db.$client.prepare("SELECT COUNT(*) AS n FROM outbox").get(),
];

/**
 * Sam's bounty done once ("Sent it.", which Alex's phone shows), sent back on Alex's laptop, and
 * done again an hour later.
 */
async function doneAgainSinceThePhoneShowedIt() {
  const test = await bountyApp();
  const { call, act, setClock } = test;
  const id = (await call("alex", "/api/bounties", { title: "Send me a voice note", reward: 20 })).json().bounty.id;
  expect((await act("sam", id, "claim")).statusCode).toBe(200);
  const first = (await act("sam", id, "done", { note: "Sent it." })).json().bounty;
  setClock("2026-05-01T13:00:00Z");
  expect((await act("alex", id, "send-back", { reason: "It was silent" })).statusCode).toBe(200);
  setClock("2026-05-01T14:00:00Z");
  const again = (await act("sam", id, "done", { note: "Hummed it instead." })).json().bounty;
  return { ...test, id, first, again };
}

describe("bounties over /api/bounties", () => {
  it("post (escrow at once), claim, done, send back, done, approve: the reward moves to the doer once", async () => {
    const { db, ids, call, act, list, balance } = await bountyApp();
    const posted = await call("alex", "/api/bounties", {
      title: "  Send me a voice note of our song  ",
      reward: 20,
      due_date: "2026-05-08",
    });
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json().bounty;
    expect(posted.json().bounty).toEqual({
      id,
      title: "Send me a voice note of our song",
      reward: 20,
      status: "open",
      poster: "alex",
      doer: null,
      due_date: "2026-05-08",
      // The end of Friday on Alex's clock (Kolkata).
      due_at: "2026-05-08T18:30:00.000Z",
      done_note: null,
      done_photo: null,
      sent_back_reason: null,
      done_at: null,
      created_at: "2026-05-01T12:00:00.000Z",
      settled_at: null,
    });
    expect([balance("alex"), balanceOf(db, "escrow")]).toEqual([80, 20]);

    expect((await act("alex", id, "claim")).statusCode).toBe(403);
    const claimed = await act("sam", id, "claim");
    expect(claimed.json().bounty).toMatchObject({ status: "claimed", doer: "sam" });
    expect((await act("sam", id, "claim")).json()).toEqual(claimed.json());

    const done = await act("sam", id, "done", { note: "Recorded it in the car" });
    expect(done.json().bounty).toMatchObject({ status: "done", done_note: "Recorded it in the car" });
    // Sent again: it waits for Alex, as it was.
    expect((await act("sam", id, "done", { note: "Recorded it in the car" })).json()).toEqual(done.json());
    expect((await act("sam", id, "approve")).statusCode).toBe(403);
    expect((await act("sam", id, "send-back", { reason: "No" })).statusCode).toBe(403);

    const sentBack = await act("alex", id, "send-back", { reason: "Sing the chorus too" });
    expect(sentBack.json().bounty).toMatchObject({ status: "claimed", sent_back_reason: "Sing the chorus too" });
    expect((await act("alex", id, "send-back", { reason: "Sing the chorus too" })).json()).toEqual(sentBack.json());
    expect((await act("alex", id, "approve")).statusCode).toBe(409);
    await act("sam", id, "done", { note: "With the chorus" });

    const approved = await act("alex", id, "approve");
    expect(approved.statusCode).toBe(200);
    expect(approved.json().bounty).toMatchObject({ status: "approved", settled_at: "2026-05-01T12:00:00.000Z" });
    expect((await act("alex", id, "approve")).json()).toEqual(approved.json());
    expect((await act("alex", id, "withdraw")).statusCode).toBe(409);
    expect([balance("alex"), balance("sam"), balanceOf(db, "escrow")]).toEqual([80, 120, 0]);
    expect(bountyTransfers(db)).toEqual([
      { kind: "bounty", amount: 20 },
      { kind: "bounty_payout", amount: 20 },
    ]);
    // Each news is for the partner it concerns, on their quiet hours.
    expect(outboxKinds(db)).toEqual([
      { kind: "bounty_posted", recipient: ids.sam },
      { kind: "bounty_done", recipient: ids.alex },
      { kind: "bounty_sent_back", recipient: ids.sam },
      { kind: "bounty_done", recipient: ids.alex },
      { kind: "bounty_approved", recipient: ids.sam },
    ]);
    expect((await list("sam")).json().bounties).toEqual([approved.json().bounty]);
  });

  it("approve from a page that showed an earlier done (sent back, done again since): 409, the reward stays in escrow", async () => {
    const { call, act, balance, id, first, again } = await doneAgainSinceThePhoneShowedIt();
    const samBefore = balance("sam");

    const stale = await call("alex", `/api/bounties/${id}/approve?done_at=${encodeURIComponent(first.done_at)}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain("done again since");
    expect(balance("sam")).toBe(samBefore);
    // Approved as the page now shows it, the reward moves once; an older page sending no version approves as before.
    const fresh = await call("alex", `/api/bounties/${id}/approve?done_at=${encodeURIComponent(again.done_at)}`);
    expect(fresh.statusCode).toBe(200);
    expect(balance("sam")).toBe(samBefore + 20);
    expect((await act("alex", id, "approve")).statusCode).toBe(200);
    expect(balance("sam")).toBe(samBefore + 20);
    const bad = await call("alex", `/api/bounties/${id}/approve?done_at=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("querystring.done_at");
  });

  it("send back from a page that showed an earlier done (sent back, done again since): 409, the new done stands", async () => {
    const { call, list, id, first, again } = await doneAgainSinceThePhoneShowedIt();
    // The phone, still showing the first (silent) done, sends it back, naming the done it showed.
    const stale = await call("alex", `/api/bounties/${id}/send-back?done_at=${encodeURIComponent(first.done_at)}`, {
      reason: "It was silent, again",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain("done again since your page showed it: nothing was sent back");
    expect((await list("sam")).json().bounties[0]).toMatchObject({ status: "done" });
    const seen = await call("alex", `/api/bounties/${id}/send-back?done_at=${encodeURIComponent(again.done_at)}`, {
      reason: "Too quiet",
    });
    expect(seen.json().bounty).toMatchObject({ status: "claimed", sent_back_reason: "Too quiet" });
  });

  it("an unclaimed bounty is withdrawn with its refund once; a claimed one is not", async () => {
    const { db, call, act, balance } = await bountyApp();
    const open = (await call("sam", "/api/bounties", { title: "Breakfast photo", reward: 15 })).json().bounty;
    const claimed = (await call("sam", "/api/bounties", { title: "Call me", reward: 5 })).json().bounty;
    await act("alex", claimed.id, "claim");
    expect(balance("sam")).toBe(80);
    expect((await act("alex", open.id, "withdraw")).statusCode).toBe(403);
    const withdrawn = await act("sam", open.id, "withdraw");
    expect(withdrawn.json().bounty).toMatchObject({ status: "refunded", doer: null });
    expect((await act("sam", open.id, "withdraw")).json()).toEqual(withdrawn.json());
    expect((await act("alex", open.id, "claim")).statusCode).toBe(409);
    expect((await act("sam", claimed.id, "withdraw")).statusCode).toBe(409);
    expect([balance("sam"), balanceOf(db, "escrow")]).toEqual([95, 5]);
  });

  it("lists every bounty still waiting, and past 50 waiting refuses one more with 409, holding nothing", async () => {
    const { db, call, act, list, balance } = await bountyApp();
    const posted: number[] = [];
    for (let i = 1; i <= BOUNTIES_UNSETTLED_MAX; i++) {
      const reply = await call(i % 2 === 0 ? "alex" : "sam", "/api/bounties", { title: `Task ${i}`, reward: 1 });
      expect(reply.statusCode, reply.body).toBe(201);
      posted.push(reply.json().bounty.id);
    }
    const listed = async () => ((await list("alex")).json().bounties as { id: number }[]).map(({ id }) => id);
    expect(await listed()).toEqual(posted.toReversed());
    const held = [balance("sam"), balanceOf(db, "escrow")];
    const refused = await call("sam", "/api/bounties", { title: "One more", reward: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "50 bounties are waiting already: withdraw or settle one before posting another.",
    );
    expect([balance("sam"), balanceOf(db, "escrow")]).toEqual(held);
    // One withdrawn makes room for another.
    await act("sam", posted[0]!, "withdraw");
    const another = await call("sam", "/api/bounties", { title: "One more", reward: 1 });
    expect(another.statusCode).toBe(201);
    expect(await listed()).toEqual([another.json().bounty.id, ...posted.slice(1).toReversed()]);
  });

  it("lists every bounty waiting, past 50, in a database from before there was a limit on them", async () => {
    const { db, ids, call, list } = await bountyApp();
    const posted: number[] = [];
    for (let i = 1; i <= BOUNTIES_UNSETTLED_MAX; i++) {
      posted.push((await call("sam", "/api/bounties", { title: `Task ${i}`, reward: 1 })).json().bounty.id);
    }
    // The 51st, as posting wrote it before the limit: the row, its reward moved to escrow, the two linked.
    const { id } = db.$client
      .prepare(
        "INSERT INTO bounties (poster_id, title, reward, status, created_at) VALUES (?, 'Task 51', 1, 'open', ?) RETURNING id",
      )
      .get(ids.sam, "2026-05-01T12:00:00.000Z") as { id: number };
    const escrow = transfer(db, {
      from: { userId: ids.sam },
      to: "escrow",
      amount: 1,
      kind: "bounty",
      reference: `bounty:${id}`,
      memo: 'Bounty "Task 51"',
    });
    db.$client.prepare("UPDATE bounties SET escrow_transfer_id = ? WHERE id = ?").run(escrow.id, id);
    const listed = ((await list("alex")).json().bounties as { id: number }[]).map((bounty) => bounty.id);
    expect(listed).toEqual([id, ...posted.toReversed()]);
  });

  it("refuses bad input with 400 naming the field, too few spanks with 409, and writes nothing", async () => {
    const { db, call, act } = await bountyApp();
    const id = (await call("alex", "/api/bounties", { title: "Voice note", reward: 5 })).json().bounty.id;
    const before = rows(db);
    const refused = [
      [await call("alex", "/api/bounties", { title: "Voice note", reward: 0 }), 400, "reward"],
      [await call("alex", "/api/bounties", { title: "   ", reward: 5 }), 400, "title"],
      [await call("alex", "/api/bounties", { title: "x".repeat(101), reward: 5 }), 400, "title"],
      [
        await call("alex", "/api/bounties", { title: "Voice note", reward: 5, due_date: "2026-04-30" }),
        400,
        "due_date",
      ],
      [await call("alex", "/api/bounties", { title: "Voice note", reward: 5, due_date: "Friday" }), 400, "due_date"],
      [await call("alex", "/api/bounties", { title: "Voice note", reward: 5, doer: "sam" }), 400, "doer"],
      [await act("sam", id, "done", { note: "" }), 400, "note"],
      [await act("sam", id, "done", {}), 400, "note"],
      [await act("alex", id, "send-back", { reason: "a\nb" }), 400, "reason"],
      [await call("alex", "/api/bounties", { title: "Voice note", reward: 96 }), 409, "enough spanks"],
      [await act("sam", 999, "claim"), 404, "bounty"],
    ] as const;
    for (const [reply, status, named] of refused) {
      expect(reply.statusCode, reply.body).toBe(status);
      expect(reply.json().message).toContain(named);
    }
    expect(rows(db)).toEqual(before);
  });

  it("done with a photo: stored once in the media folder, shown to the poster, gone once a redo after a send-back replaces it; a bad one 400 naming photo, nothing written", async () => {
    const test = await bountyApp();
    const { db, call, act, app } = test;
    const id = (await call("alex", "/api/bounties", { title: "Plant the tulips", reward: 5 })).json().bounty.id;
    const folder = mediaFolder(db);
    const files = () => (existsSync(folder) ? readdirSync(folder) : []);
    const before = rows(db);
    const tooBig = "A".repeat(PHOTO_BASE64_MAX + 4);
    for (const [photo, words] of [
      [Buffer.from("just some text, not an image").toString("base64"), "png, jpeg, gif or webp"],
      ["not base64 at all!", "base64"],
      [tooBig, "at most 8 MB"],
      [Buffer.concat([PNG, Buffer.alloc(MEDIA_MAX_BYTES)]).toString("base64"), "at most 8 MB"],
    ] as const) {
      const reply = await act("sam", id, "done", { note: "All planted", photo });
      expect(reply.statusCode, words).toBe(400);
      expect(reply.json().message).toMatch(/photo/);
      expect(reply.json().message).toContain(words);
    }
    expect(rows(db)).toEqual(before);
    expect(files()).toEqual([]);

    const done = await act("sam", id, "done", { note: "All planted", photo: PNG.toString("base64") });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().bounty).toMatchObject({ status: "done", done_photo: `/api/bounties/${id}/photo` });
    expect(files()).toHaveLength(1);
    // Said again: the first photo stays, the second is not kept.
    await act("sam", id, "done", { note: "All planted", photo: PNG.toString("base64") });
    expect(files()).toHaveLength(1);

    // Sent back, then done again without a photo: the earlier one, named by no row now, goes.
    expect((await act("alex", id, "send-back", { reason: "The other bed too" })).statusCode).toBe(200);
    const redo = await act("sam", id, "done", { note: "Both beds" });
    expect(redo.json().bounty).toMatchObject({ status: "done", done_photo: null });
    expect(files()).toEqual([]);
    const photo = await act("sam", id, "done", { note: "Both beds", photo: PNG.toString("base64") });
    expect(photo.statusCode).toBe(409);
    expect((await act("alex", id, "send-back", { reason: "A photo, please" })).statusCode).toBe(200);
    expect((await act("sam", id, "done", { note: "Both beds", photo: PNG.toString("base64") })).statusCode).toBe(200);
    expect(files()).toHaveLength(1);

    const seen = await app.inject({
      url: `/api/bounties/${id}/photo`,
      headers: { cookie: sessionCookie(test, "alex") },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/png");
    expect(seen.rawPayload.equals(PNG)).toBe(true);
    expect((await app.inject({ url: `/api/bounties/${id}/photo` })).statusCode).toBe(401);
  });

  it("done from a second device that still showed it claimed, with another note or photo: 409, the first kept, the second's photo not", async () => {
    const { db, call, act } = await bountyApp();
    const id = (await call("alex", "/api/bounties", { title: "Plant the tulips", reward: 5 })).json().bounty.id;
    const folder = mediaFolder(db);
    const files = () => (existsSync(folder) ? readdirSync(folder) : []);
    // Sam, on the phone: a quick note, no photo.
    expect((await act("sam", id, "done", { note: "Done!" })).statusCode).toBe(200);
    const before = rows(db);

    // On the laptop, whose page still shows it claimed: the real note, then the photo.
    for (const payload of [
      { note: "All twelve by the fence" },
      { note: "All twelve by the fence", photo: PNG.toString("base64") },
      { note: "Done!", photo: PNG.toString("base64") },
    ]) {
      const reply = await act("sam", id, "done", payload);
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json().message).toBe(
        '"Plant the tulips" was marked done already, with another note or photo: this one was not kept.',
      );
    }
    expect(rows(db)).toEqual(before);
    expect(files()).toEqual([]);
    // The phone's own done, sent again after its answer was lost, is still done, unchanged.
    const again = await act("sam", id, "done", { note: "Done!" });
    expect(again.statusCode).toBe(200);
    expect(again.json().bounty).toMatchObject({ status: "done", done_note: "Done!", done_photo: null });
    expect(rows(db)).toEqual(before);
  });
});

/** The smallest PNG: a 1x1 pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==",
  "base64",
);
