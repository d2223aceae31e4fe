import { describe, expect, it } from "vitest";
import { enqueueEvent, markDelivered, markFailed, pendingEvents } from "./outbox.js";
import { openTestDb } from "./test/testDb.js";

describe("the outbox", () => {
  it("waits longer after each failed attempt before handing an event out again", () => {
    const { db } = openTestDb();
    const t0 = new Date("2026-05-01T10:00:00Z");
    enqueueEvent(db, "answers_revealed", { questionId: 1 }, t0);
    const [event] = pendingEvents(db, 20, t0);
    markFailed(db, event!.id, "Discord said 500", t0);
    expect(pendingEvents(db, 20, new Date(t0.getTime() + 1999))).toEqual([]);
    expect(pendingEvents(db, 20, new Date(t0.getTime() + 2000))).toHaveLength(1);
    markFailed(db, event!.id, "again", t0);
    expect(pendingEvents(db, 20, new Date(t0.getTime() + 3999))).toEqual([]);
    expect(pendingEvents(db, 20, new Date(t0.getTime() + 4000))[0]).toMatchObject({ attempts: 2, lastError: "again" });
  });

  it("hands out a delivered event never again, with the Discord message it became", () => {
    const { db } = openTestDb();
    enqueueEvent(db, "answers_revealed", { questionId: 1 });
    const [event] = pendingEvents(db);
    markDelivered(db, event!.id, "7001");
    expect(pendingEvents(db)).toEqual([]);
    expect(db.$client.prepare("SELECT discord_message_id FROM outbox").get()).toEqual({ discord_message_id: "7001" });
  });
});
