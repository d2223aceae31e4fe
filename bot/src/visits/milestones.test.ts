import { partnersWithDays, setDayOf } from "@spankbank/db/partnerDays";
import { enqueueDueVisitMilestones } from "@spankbank/db/visitMilestones";
import { cancelVisit, planVisit } from "@spankbank/db/visits";
import { describe, expect, it } from "vitest";
import { createBot } from "../bot.js";
import { deliverPending } from "../outbox/delivery.js";
import { ANNOUNCEMENTS_CHANNEL, botOnTempDb, failNextPosts, posted } from "../test/discord.js";
import { scheduleVisitMilestones } from "./milestones.js";

const userId = (db: ReturnType<typeof botOnTempDb>["db"], username: string) =>
  (db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;

describe("the visit countdown in Discord", () => {
  it("posts '7 days until you're together' once when both are awake, also after a restart", async () => {
    const { client, db, context } = botOnTempDb();
    planVisit(db, {
      userId: userId(db, "alex"),
      input: { start_date: "2026-12-18", end_date: "2026-12-27", place: "Lisbon" },
      now: new Date("2026-11-23T12:00:00Z"),
    });
    // 11 December: Sam wakes at 6:30 AM in Florida (11:30 UTC), 5:00 PM in India.
    scheduleVisitMilestones(context, () => new Date("2026-12-11T11:29:00Z"))();
    expect(await deliverPending(client, context)).toBe(0);
    scheduleVisitMilestones(context, () => new Date("2026-12-11T11:30:00Z"))();
    scheduleVisitMilestones(context, () => new Date("2026-12-11T11:31:00Z"))();
    expect(await deliverPending(client, context)).toBe(1);
    const restarted = createBot(context);
    restarted.token = "test-token";
    restarted.rest.setToken("test-token");
    scheduleVisitMilestones(context, () => new Date("2026-12-11T15:00:00Z"))();
    expect(await deliverPending(restarted, context)).toBe(0);
    expect(posted).toEqual([
      {
        id: expect.any(String),
        channelId: ANNOUNCEMENTS_CHANNEL,
        body: expect.objectContaining({
          content: "✈️ <@111111111111111111> <@222222222222222222> 7 days until you're together (Fri 18 Dec, Lisbon)",
          allowed_mentions: expect.objectContaining({ users: ["111111111111111111", "222222222222222222"] }),
        }),
      },
    ]);
    await restarted.destroy();
  });

  it("says tomorrow at the last milestone", async () => {
    const { client, db, context } = botOnTempDb();
    planVisit(db, {
      userId: userId(db, "sam"),
      input: { start_date: "2026-12-18", end_date: "2026-12-20" },
      now: new Date("2026-11-23T12:00:00Z"),
    });
    scheduleVisitMilestones(context, () => new Date("2026-12-17T14:00:00Z"))();
    expect(await deliverPending(client, context)).toBe(1);
    expect(posted.map((post) => post.body.content)).toEqual([
      "✈️ <@111111111111111111> <@222222222222222222> 1 day until you're together (Fri 18 Dec): tomorrow!",
    ]);
  });

  it("waits for the hour Sam set on the web: waking at 8:00 AM, not the config's 6:30", async () => {
    const { client, db, context } = botOnTempDb();
    setDayOf(db, context.config, userId(db, "sam"), {
      sleep: { from: "23:00", to: "08:00" },
      work: null,
      quietHours: "silent",
    });
    planVisit(db, {
      userId: userId(db, "alex"),
      input: { start_date: "2026-12-18", end_date: "2026-12-20" },
      now: new Date("2026-11-23T12:00:00Z"),
    });
    scheduleVisitMilestones(context, () => new Date("2026-12-11T11:30:00Z"))();
    expect(await deliverPending(client, context)).toBe(0);
    // 8:00 AM EST is 13:00 UTC, 6:30 PM in India.
    scheduleVisitMilestones(context, () => new Date("2026-12-11T13:00:00Z"))();
    expect(await deliverPending(client, context)).toBe(1);
  });
});

describe("a visit cancelled while its countdown post waits in the outbox", () => {
  it("is not announced as still coming", async () => {
    const { client, db, context } = botOnTempDb();
    const at = new Date("2026-05-01T10:00:00Z");
    const visit = planVisit(db, {
      userId: userId(db, "alex"),
      input: { start_date: "2026-05-31", end_date: "2026-06-02", place: "Oslo" },
      now: at,
    });
    // 1 May, both awake: the "30 days" milestone is written to the outbox.
    const noon = new Date("2026-05-01T12:00:00Z");
    expect(enqueueDueVisitMilestones(db, partnersWithDays(db, context.config), noon)).toBe(1);
    // Discord refuses the post for now (the announcements channel is closed to the bot): it waits.
    failNextPosts.push(403);
    expect(await deliverPending(client, context, noon)).toBe(0);
    // Meanwhile the trip is called off.
    cancelVisit(db, visit.id);
    // The channel works again; the outbox is delivered.
    db.$client.prepare("UPDATE outbox SET next_attempt_at = NULL").run();
    await deliverPending(client, context, new Date("2026-05-01T13:00:00Z"));
    const said = posted.map((post) => String(post.body.content)).join("\n");
    expect(said).not.toContain("30 days until you're together");
  });
});

describe("a visit countdown whose post waited in the outbox past its day", () => {
  it("is not posted with a number of days no longer true ('30 days' on the 29th day), and the next milestone still is", async () => {
    const { client, db, context } = botOnTempDb();
    planVisit(db, {
      userId: userId(db, "alex"),
      input: { start_date: "2026-05-31", end_date: "2026-06-02", place: "Oslo" },
      now: new Date("2026-05-01T10:00:00Z"),
    });
    const noon = new Date("2026-05-01T12:00:00Z");
    expect(enqueueDueVisitMilestones(db, partnersWithDays(db, context.config), noon)).toBe(1);
    failNextPosts.push(403);
    expect(await deliverPending(client, context, noon)).toBe(0);
    // The channel works again the next day: 2 May on both calendars, 29 days before the visit.
    db.$client.prepare("UPDATE outbox SET next_attempt_at = NULL").run();
    await deliverPending(client, context, new Date("2026-05-02T13:00:00Z"));
    expect(posted).toEqual([]);
    expect(db.$client.prepare("SELECT last_error FROM outbox WHERE discord_message_id IS NULL").pluck().all()).toEqual([
      "the countdown's day has passed",
    ]);

    const weekBefore = new Date("2026-05-24T13:00:00Z");
    expect(enqueueDueVisitMilestones(db, partnersWithDays(db, context.config), weekBefore)).toBe(1);
    await deliverPending(client, context, weekBefore);
    expect(posted.map((post) => String(post.body.content))).toEqual([
      expect.stringContaining("7 days until you're together"),
    ]);
  });
});
