import { describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const save = {
  version: 2,
  scene: 12,
  score: 65,
  history: [
    { scene: 0, choice: 1 },
    { scene: 3, choice: 0 },
  ],
  flags: ["map", "cellarKey", "took_the_lantern"],
  pending_scene: null,
};

async function storyApp() {
  let clock = new Date("2026-11-26T08:00:00Z");
  const test = await buildTestApp({ now: () => clock });
  const call = (as: "alex" | "sam", method: "GET" | "PUT", payload?: object) =>
    test.app.inject({
      method,
      url: "/api/story-progress",
      headers: { cookie: sessionCookie(test, as) },
      ...(payload ? { payload } : {}),
    });
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };
  return { ...test, call, later };
}

describe("/api/story-progress", () => {
  it("keeps each partner's own save, whoever's session it is, and gives it back", async () => {
    const { call } = await storyApp();
    expect((await call("alex", "GET")).json()).toEqual({ progress: null, updated_at: null });
    const put = await call("alex", "PUT", save);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ progress: save, updated_at: "2026-11-26T08:00:00.000Z" });
    expect((await call("alex", "GET")).json()).toEqual({ progress: save, updated_at: "2026-11-26T08:00:00.000Z" });
    // Sam's game is Sam's own.
    expect((await call("sam", "GET")).json()).toEqual({ progress: null, updated_at: null });
    const next = { ...save, scene: 20, history: [...save.history, { scene: 12, choice: 2 }] };
    await call("alex", "PUT", next);
    expect((await call("alex", "GET")).json().progress).toEqual(next);
  });

  it("refuses a bad save naming the field, and keeps the one saved before", async () => {
    const { call } = await storyApp();
    await call("alex", "PUT", save);
    for (const [payload, field] of [
      [{ ...save, score: 101 }, "score"],
      [{ ...save, scene: -1 }, "scene"],
      [{ ...save, scene: "twelve" }, "scene"],
      [{ ...save, flags: ["Drop Table"] }, "flags"],
      [{ ...save, history: [{ scene: 0 }] }, "history"],
      [{ ...save, pending_scene: undefined }, "pending_scene"],
      // Whose game it is comes from the session only.
      [{ ...save, username: "sam" }, "username"],
    ] as const) {
      const reply = await call("alex", "PUT", payload);
      expect({ field, status: reply.statusCode }).toEqual({ field, status: 400 });
      expect(reply.json().message).toContain(field);
    }
    expect((await call("alex", "GET")).json().progress).toEqual(save);
    expect((await call("sam", "GET")).json().progress).toBeNull();
  });

  it("refuses a game played on from an older save than the one kept (another device went further), and keeps that one", async () => {
    const { call, later } = await storyApp();
    // The laptop saves its first game, from none.
    const first = (await call("alex", "PUT", { ...save, based_on: null })).json();
    expect(first.updated_at).toBe("2026-11-26T08:00:00.000Z");
    // The phone, which read that save, plays further.
    later(5);
    const further = {
      ...save,
      scene: 30,
      history: [...save.history, { scene: 12, choice: 0 }, { scene: 20, choice: 1 }],
    };
    const phone = await call("alex", "PUT", { ...further, based_on: first.updated_at });
    expect(phone.json()).toEqual({ progress: further, updated_at: "2026-11-26T08:05:00.000Z" });
    // The laptop, still on its first save, makes one more choice.
    later(5);
    const stale = { ...save, scene: 20, history: [...save.history, { scene: 12, choice: 2 }] };
    for (const basedOn of [first.updated_at, null]) {
      const refused = await call("alex", "PUT", { ...stale, based_on: basedOn });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "This adventure went further on another device: nothing was replaced. It carries on from there.",
      );
    }
    expect((await call("alex", "GET")).json()).toEqual({ progress: further, updated_at: "2026-11-26T08:05:00.000Z" });
    // The phone's save sent again after its answer was lost is done, and changes nothing.
    const again = await call("alex", "PUT", { ...further, based_on: first.updated_at });
    expect(again.json()).toEqual({ progress: further, updated_at: "2026-11-26T08:05:00.000Z" });
  });

  it("refuses a game played on from a save replaced in the same millisecond (each save is a new version)", async () => {
    const { call } = await storyApp();
    const first = (await call("alex", "PUT", { ...save, based_on: null })).json();
    // The clock does not move: the phone's save comes in the same millisecond as the first.
    const further = { ...save, scene: 30, history: [...save.history, { scene: 12, choice: 0 }] };
    const phone = await call("alex", "PUT", { ...further, based_on: first.updated_at });
    expect(phone.statusCode).toBe(200);
    expect(phone.json().updated_at).not.toBe(first.updated_at);
    const stale = { ...save, scene: 20, history: [...save.history, { scene: 12, choice: 2 }] };
    expect((await call("alex", "PUT", { ...stale, based_on: first.updated_at })).statusCode).toBe(409);
    expect((await call("alex", "GET")).json().progress).toEqual(further);
  });

  it("reads a save of an older shape as none, with its time: the page's next save, on top of it, is taken", async () => {
    const { call, db } = await storyApp();
    db.$client
      .prepare("INSERT INTO story_progress (user_id, progress, updated_at) VALUES (?, ?, ?)")
      .run(
        userIdOf(db, "alex"),
        JSON.stringify({ ...save, version: 1, pendingScene: null }),
        "2026-01-01T00:00:00.000Z",
      );
    const read = (await call("alex", "GET")).json();
    expect(read).toEqual({ progress: null, updated_at: "2026-01-01T00:00:00.000Z" });
    const put = await call("alex", "PUT", { ...save, based_on: read.updated_at });
    expect(put.statusCode).toBe(200);
    expect((await call("alex", "GET")).json().progress).toEqual(save);
  });

  it("refuses a bad based_on naming the field", async () => {
    const { call } = await storyApp();
    const reply = await call("alex", "PUT", { ...save, based_on: "yesterday" });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain("based_on");
  });

  it("answers 401 signed out, and saves nothing", async () => {
    const { app, call } = await storyApp();
    expect((await app.inject({ url: "/api/story-progress" })).statusCode).toBe(401);
    expect((await app.inject({ method: "PUT", url: "/api/story-progress", payload: save })).statusCode).toBe(401);
    expect((await call("alex", "GET")).json().progress).toBeNull();
  });
});
