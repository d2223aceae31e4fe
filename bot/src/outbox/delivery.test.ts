import { declineRedemption } from "@spankbank/db/decline";
import { settleFavourDeadlines } from "@spankbank/db/favourDeadlines";
import { redeemItem } from "@spankbank/db/inventory";
import { enqueueEvent, pendingEvents } from "@spankbank/db/outbox";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { answerQuestion, askNextQuestion, seedQuestionBank } from "@spankbank/db/questions";
import { giveSpanks } from "@spankbank/db/test/ledgerKit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postMessage } from "../post.js";
import {
  ANNOUNCEMENTS_CHANNEL,
  botOn,
  botOnTempDb,
  failNextAnswersToPosts,
  failNextPosts,
  NONCE_KEPT_MS,
  posted,
  QUESTIONS_CHANNEL,
} from "../test/discord.js";
import { announcementOf } from "./announcements.js";
import { deliverPending, startOutboxDelivery } from "./delivery.js";

const userIds = (db: ReturnType<typeof botOnTempDb>["db"]) => {
  const rows = db.$client.prepare("SELECT id FROM users ORDER BY id").all() as { id: number }[];
  return { alex: rows[0]!.id, sam: rows[1]!.id };
};

function buyAFavour(db: ReturnType<typeof botOnTempDb>["db"]) {
  const { alex, sam } = userIds(db);
  giveSpanks(db, sam, 50);
  const product = createProduct(db, alex, {
    name: "Back massage",
    description: "Twenty minutes",
    quantity: 2,
    price: 30,
  });
  purchaseProduct(db, { buyerId: sam, productId: product.id });
}

const outboxRows = (db: ReturnType<typeof botOnTempDb>["db"]) =>
  db.$client.prepare("SELECT delivered_at IS NOT NULL AS delivered, discord_message_id, attempts FROM outbox").all();

describe("announcing favours at a distance", () => {
  it("posts a decline and an expiry reminder once each, mentioning only the buyer", async () => {
    const { client, db, context } = botOnTempDb();
    const { alex, sam } = userIds(db);
    giveSpanks(db, sam, 50);
    const bought = new Date("2026-11-20T15:00:00Z");
    const call = createProduct(db, alex, { name: "Call", description: "At sunrise", quantity: 1, price: 20 });
    const hug = createProduct(db, alex, {
      name: "Hug",
      description: "At the gate",
      quantity: 1,
      price: 5,
      useWithinDays: 3,
    });
    const callItem = purchaseProduct(db, { buyerId: sam, productId: call.id, now: bought }).inventoryItemId;
    purchaseProduct(db, { buyerId: sam, productId: hug.id, now: bought });
    const { redeemedItem } = redeemItem(db, sam, callItem, bought);
    declineRedemption(db, alex, redeemedItem.id, "Flying that day", bought);
    // 08:00 in New York on the 22nd: the hug must be used by the end of the 23rd.
    const morning = new Date("2026-11-22T13:00:00Z");
    settleFavourDeadlines(db, context.config.partners, morning);
    expect(await deliverPending(client, context, morning)).toBe(5);
    expect(await deliverPending(client, context, morning)).toBe(0);
    const samId = context.config.partners[1].discordId;
    expect(posted.slice(3).map(({ channelId, body }) => ({ channelId, body }))).toEqual([
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        body: expect.objectContaining({
          content: `🙅 <@${samId}>, Alex declined "Call": Flying that day. 20 spanks went back to you.`,
          allowed_mentions: { parse: [], users: [samId] },
        }),
      },
      {
        channelId: ANNOUNCEMENTS_CHANNEL,
        body: expect.objectContaining({
          content: `⏳ <@${samId}>, "Hug" from Alex is yours to use by <t:1795496399:D> (<t:1795496400:R>). Redeem it before it expires!`,
          allowed_mentions: { parse: [], users: [samId] },
        }),
      },
    ]);
  });
});

describe("a reminder to redeem a favour that waited in the outbox", () => {
  it("is never posted once the favour was redeemed, or once its use-by passed", async () => {
    const { client, db, context } = botOnTempDb();
    const { alex, sam } = userIds(db);
    giveSpanks(db, sam, 50);
    const bought = new Date("2026-11-20T15:00:00Z");
    const hug = createProduct(db, alex, {
      name: "Hug",
      description: "At the gate",
      quantity: 2,
      price: 5,
      useWithinDays: 3,
    });
    const item = purchaseProduct(db, { buyerId: sam, productId: hug.id, now: bought }).inventoryItemId;
    const waitingReminders = () =>
      db.$client
        .prepare("SELECT count(*) FROM outbox WHERE kind = 'favour_expiring' AND delivered_at IS NULL")
        .pluck()
        .get();
    // 08:00 in New York on the 22nd: the reminder is written, and Discord refuses the post for now.
    const morning = new Date("2026-11-22T13:00:00Z");
    settleFavourDeadlines(db, context.config.partners, morning);
    db.$client
      .prepare("UPDATE outbox SET next_attempt_at = ? WHERE delivered_at IS NULL")
      .run("2026-11-22T14:00:00.000Z");
    expect(waitingReminders()).toBe(1);
    // Sam redeems it meanwhile: the reminder would tell them to redeem what they just did.
    redeemItem(db, sam, item, new Date("2026-11-22T13:30:00Z"));
    expect(waitingReminders()).toBe(0);

    // A second one bought later and never redeemed: its reminder waits past its use-by.
    const second = new Date("2026-11-23T15:00:00Z");
    purchaseProduct(db, { buyerId: sam, productId: hug.id, now: second });
    settleFavourDeadlines(db, context.config.partners, new Date("2026-11-25T13:00:00Z"));
    expect(waitingReminders()).toBe(1);
    // The next day's post, before the quarter-hourly check has settled its expiry.
    await deliverPending(client, context, new Date("2026-11-27T05:01:00Z"));
    expect(posted.map(({ body }) => body.content).filter((content) => String(content).startsWith("⏳"))).toEqual([]);
    expect(waitingReminders()).toBe(0);
  });
});

describe("announcing the outbox", () => {
  it("after a Discord 500, retries later and posts exactly once", async () => {
    const { client, db, context } = botOnTempDb();
    buyAFavour(db);
    failNextPosts.push(500);
    // discord.js retries a 5xx itself a few times; every one of those fails here.
    failNextPosts.push(500, 500, 500);
    expect(await deliverPending(client, context)).toBe(0);
    expect(outboxRows(db)).toEqual([{ delivered: 0, discord_message_id: null, attempts: 1 }]);
    // The backoff holds the event back until its time has come.
    db.$client.prepare("UPDATE outbox SET next_attempt_at = NULL").run();
    expect(await deliverPending(client, context)).toBe(1);
    expect(await deliverPending(client, context)).toBe(0);
    expect(posted).toEqual([
      {
        id: expect.any(String),
        channelId: ANNOUNCEMENTS_CHANNEL,
        body: expect.objectContaining({ content: '🛍️ Sam bought "Back massage" from Alex for 30 spanks.' }),
      },
    ]);
    expect(outboxRows(db)).toEqual([{ delivered: 1, discord_message_id: posted[0]!.id, attempts: 1 }]);
  });

  it("delivers at start what was written while the bot was stopped", async () => {
    const { client, db, context } = botOnTempDb();
    buyAFavour(db);
    const stop = startOutboxDelivery(client, context);
    try {
      await expect.poll(() => posted.length).toBe(1);
    } finally {
      stop();
    }
  });

  it("does not post twice when the bot crashed between sending and marking delivered", async () => {
    const { client, db, context } = botOnTempDb();
    buyAFavour(db);
    const [event] = db.$client.prepare("SELECT id FROM outbox").all() as { id: number }[];
    // The crashed run: Discord got the post, the bot never recorded it.
    await postMessage(client, ANNOUNCEMENTS_CHANNEL, {
      content: "sent before the crash",
      nonce: `outbox-${event!.id}`,
    });
    expect(await deliverPending(client, context)).toBe(1);
    expect(posted).toHaveLength(1);
    expect(outboxRows(db)).toEqual([{ delivered: 1, discord_message_id: posted[0]!.id, attempts: 0 }]);
  });

  it("posts both (latest) answers side by side once, as a reply to the question", async () => {
    const { client, db, context } = botOnTempDb();
    const { alex, sam } = userIds(db);
    seedQuestionBank(db, ["Dream weekend?"]);
    const question = askNextQuestion(db, context.config)!;
    db.$client.prepare("UPDATE questions SET discord_message_id = '4242'").run();
    answerQuestion(db, { userId: alex, questionId: question.id, response: "Cabin" }, context.config.economy);
    answerQuestion(db, { userId: sam, questionId: question.id, response: "Beach" }, context.config.economy);
    answerQuestion(db, { userId: sam, questionId: question.id, response: "Cabin too" }, context.config.economy);
    await deliverPending(client, context);
    await deliverPending(client, context);
    const reveals = posted.filter((p) => String(p.body.content).startsWith("💞"));
    expect(reveals).toEqual([
      {
        id: expect.any(String),
        channelId: QUESTIONS_CHANNEL,
        body: expect.objectContaining({
          content: '💞 You both answered "Dream weekend?"\n**Alex**: Cabin\n**Sam**: Cabin too',
          message_reference: { message_id: "4242", fail_if_not_exists: false },
        }),
      },
    ]);
  });
});

describe("an announcement Discord took just before a crash", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The bot posts the event (as deliverPending does); Discord takes it, and the power goes before its answer. */
  async function postedUnanswered(
    bot: ReturnType<typeof botOnTempDb>,
    event: ReturnType<typeof pendingEvents>[number],
  ) {
    const { channelId, ...post } = announcementOf(event, bot.context);
    failNextAnswersToPosts.push(503, 503, 503, 503);
    await expect(postMessage(bot.client, channelId!, { ...post, nonce: `outbox-${event.id}` })).rejects.toThrow();
  }

  it("is not posted again by the bot back after Discord forgot its nonce: the message found is recorded", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T15:00:00Z") });
    const bot = botOnTempDb();
    const { db, context } = bot;
    buyAFavour(db);
    const [event] = pendingEvents(db);
    await postedUnanswered(bot, event!);
    expect(posted).toHaveLength(1);
    // Back after Discord's few minutes: the same nonce would post anew.
    vi.setSystemTime(Date.now() + NONCE_KEPT_MS + 60_000);
    expect(await deliverPending(botOn(context), context)).toBe(1);
    expect(posted).toHaveLength(1);
    expect(outboxRows(db)).toEqual([{ delivered: 1, discord_message_id: posted[0]!.id, attempts: 0 }]);
  });

  it("is posted by the bot back later when Discord never took it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T15:00:00Z") });
    const { db, context } = botOnTempDb();
    buyAFavour(db);
    vi.setSystemTime(Date.now() + NONCE_KEPT_MS + 60_000);
    expect(await deliverPending(botOn(context), context)).toBe(1);
    expect(posted).toHaveLength(1);
    expect(outboxRows(db)).toEqual([{ delivered: 1, discord_message_id: posted[0]!.id, attempts: 0 }]);
  });

  it("posts an event announced in the same words as one found, after a crash past the nonce window (two alerts)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T15:00:00Z") });
    const bot = botOnTempDb();
    const { db, context } = bot;
    enqueueEvent(db, "operator_alert", { message: "Backups are failing" });
    enqueueEvent(db, "operator_alert", { message: "Backups are failing" });
    const [first] = pendingEvents(db);
    await postedUnanswered(bot, first!);
    vi.setSystemTime(Date.now() + NONCE_KEPT_MS + 60_000);
    expect(await deliverPending(botOn(context), context)).toBe(2);
    expect(posted).toHaveLength(2);
    expect(outboxRows(db)).toEqual([
      { delivered: 1, discord_message_id: posted[0]!.id, attempts: 0 },
      { delivered: 1, discord_message_id: posted[1]!.id, attempts: 0 },
    ]);
  });
});
