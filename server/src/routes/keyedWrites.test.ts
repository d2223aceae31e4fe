import { addDays, dayIn } from "@spankbank/db/clock";
import { balanceOf } from "@spankbank/db/ledger";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { buildEconomyApp, economySnapshot, giveSpanks } from "../test/economy.js";

/**
 * `days` after today on a partner's calendar: the app runs on the real clock, so the visit and the
 * letter's moment stay ahead (a planned visit, a letter still to seal) on whatever day the suite runs.
 * Worked out once, so a write sent again after midnight is still the same write.
 */
const dayAhead = (username: "alex" | "sam", days: number) =>
  addDays(dayIn(demoCouple.partners.find((partner) => partner.username === username)!.timeZone), days);
const VISIT = { start: dayAhead("sam", 56), end: dayAhead("sam", 65), laterEnd: dayAhead("sam", 66) };
// Sam's letter opens on Alex's clock (the recipient's): 08:00 tomorrow there.
const LETTER_DAY = dayAhead("alex", 1);

/** Rows a write can add, counted to see it happened once. */
const tables = ["redemptions", "workouts", "bounties", "visits", "later_letters", "nudges", "transfers"];

/**
 * The writes a partner makes with one tap, each sent again with the same Idempotency-Key, as the
 * page does after a lost answer. Sam has 40 spanks and two massages from Alex to redeem.
 */
async function coupleWithAFavour() {
  const test = await buildEconomyApp();
  giveSpanks(test.db, test.sam, 100);
  const product = createProduct(test.db, test.alex, {
    name: "Back massage",
    description: "Twenty minutes.",
    quantity: 3,
    price: 30,
  });
  purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  const { inventoryItemId } = purchaseProduct(test.db, { buyerId: test.sam, productId: product.id });
  const send = (url: string, payload: object, key?: string) =>
    test.app.inject({
      method: "POST",
      url,
      headers: { cookie: test.cookie.sam, ...(key ? { "idempotency-key": key } : {}) },
      payload,
    });
  const counts = () =>
    Object.fromEntries(
      tables.map((table) => [table, test.db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).pluck().get()]),
    );
  return { ...test, inventoryItemId, send, counts };
}

const writes = [
  { what: "a redeem", url: "/api/redeem", body: (item: number) => ({ itemId: item, note: "Sunday evening?" }) },
  {
    what: "a workout",
    url: "/api/log-workout",
    body: () => ({
      username: "sam",
      name: "Beach run",
      duration: 40,
      distance: 6.4,
      distanceUnit: "km",
      calories: 410,
    }),
  },
  { what: "a bounty", url: "/api/bounties", body: () => ({ title: "Send me our song", reward: 20 }) },
  {
    what: "a visit",
    url: "/api/visits",
    body: () => ({ start_date: VISIT.start, end_date: VISIT.end }),
    // One next visit at a time: a second one is refused, with or without a key.
    secondStatus: 409,
  },
  {
    what: "a letter for later",
    url: "/api/later-letters",
    body: () => ({ text: "Merry Christmas, love", opening: { kind: "date", date: LETTER_DAY, time: "08:00" } }),
  },
  { what: "a nudge", url: "/api/nudges", body: () => ({ line: "Missing your laugh" }) },
];

describe("a write sent again with its Idempotency-Key", () => {
  it.each(writes)("happens once for $what, and the repeat gets the first answer", async (write) => {
    const { url, body } = write;
    const { db, inventoryItemId, send, counts } = await coupleWithAFavour();
    const before = counts();

    const first = await send(url, body(inventoryItemId), "tap-1");
    const afterFirst = counts();
    const again = await send(url, body(inventoryItemId), "tap-1");

    expect(first.statusCode).toBeLessThan(300);
    expect(afterFirst).not.toEqual(before);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(counts()).toEqual(afterFirst);
    expect(economySnapshot(db).rows.idempotency_keys).toBe(1);

    const another = await send(url, body(inventoryItemId), "tap-2");
    if ("secondStatus" in write) {
      expect(another.statusCode).toBe(write.secondStatus);
    } else {
      expect(another.statusCode).toBe(first.statusCode);
      expect(counts()).not.toEqual(afterFirst);
    }
  });

  it("refuses the same key with other words once its first send was written: 422, a plain message, nothing more written", async () => {
    const { send, counts } = await coupleWithAFavour();
    await send("/api/bounties", { title: "Send me our song", reward: 20 }, "tap-1");
    const before = counts();

    const reused = await send("/api/bounties", { title: "Send me our song 🎶", reward: 20 }, "tap-1");

    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(
      "Your first try already went through before the connection dropped, so this one was not sent again: what you see now is what was saved.",
    );
    expect(counts()).toEqual(before);
  });

  const corrected = [
    {
      what: "a workout",
      of: "a workout",
      url: "/api/log-workout",
      change: (body: object) => ({ ...body, duration: 45 }),
    },
    {
      what: "a redeem with a note",
      of: "a redeem",
      url: "/api/redeem",
      change: (body: object) => ({ ...body, note: "Sunday night?" }),
    },
    {
      what: "a visit",
      of: "a visit",
      url: "/api/visits",
      change: (body: object) => ({ ...body, end_date: VISIT.laterEnd }),
    },
    {
      what: "a letter for later",
      of: "a letter for later",
      url: "/api/later-letters",
      change: (body: object) => ({ ...body, text: "Merry Christmas, my love" }),
    },
  ];
  it.each(corrected)(
    "writes $what once when its form is sent again with the same key and a corrected field: 422, nothing more written",
    async ({ of, url, change }) => {
      const { send, counts, inventoryItemId } = await coupleWithAFavour();
      const body = writes.find((write) => write.what === of)!.body(inventoryItemId);
      expect((await send(url, body, "form-1")).statusCode).toBeLessThan(300);
      const before = counts();

      const again = await send(url, change(body), "form-1");

      expect(again.statusCode).toBe(422);
      expect(counts()).toEqual(before);
    },
  );

  it("lists a favour once when its form is sent again with the same key and a corrected name, after a lost answer", async () => {
    const { app, cookie, db } = await coupleWithAFavour();
    const add = (name: string) =>
      app.inject({
        method: "POST",
        url: "/api/products",
        headers: { cookie: cookie.sam, "idempotency-key": "form-1" },
        payload: { name, description: "Ten minutes each foot.", quantity: 2, price: 10 },
      });
    const named = () => db.$client.prepare("SELECT name FROM products WHERE name LIKE 'Foot r%'").pluck().all();

    expect((await add("Foot rbu")).statusCode).toBe(201);
    const again = await add("Foot rub");

    expect(again.statusCode).toBe(422);
    expect(named()).toEqual(["Foot rbu"]);
  });

  it("moves a favour's stock once when its edit is sent again with the same key and another count", async () => {
    const { app, cookie, db, alex } = await coupleWithAFavour();
    const favour = createProduct(db, alex, { name: "Foot rub", description: "Ten minutes.", quantity: 2, price: 10 });
    const edit = (quantity: number) =>
      app.inject({
        method: "PUT",
        url: `/api/products/${favour.id}`,
        headers: { cookie: cookie.alex, "idempotency-key": "form-1" },
        payload: { name: "Foot rub", description: "Ten minutes.", quantity, price: 10, shown_quantity: 2 },
      });
    const stock = () => db.$client.prepare("SELECT quantity FROM products WHERE id = ?").pluck().get(favour.id);

    expect((await edit(5)).statusCode).toBe(200);
    expect(stock()).toBe(5);
    expect((await edit(6)).statusCode).toBe(422);
    expect(stock()).toBe(5);
  });

  it("tries the changed words when the key's first send was refused, since that wrote nothing", async () => {
    const { send, counts, inventoryItemId } = await coupleWithAFavour();
    const refused = await send("/api/redeem", { itemId: 9999 }, "tap-1");

    const changed = await send("/api/redeem", { itemId: inventoryItemId }, "tap-1");
    const again = await send("/api/redeem", { itemId: inventoryItemId }, "tap-1");

    expect(refused.statusCode).toBe(404);
    expect(changed.statusCode).toBe(200);
    expect(again.body).toBe(changed.body);
    expect(counts().redemptions).toBe(1);
  });

  it("answers a refused redeem the same way again, and stores nothing for a request that failed its checks", async () => {
    const { send, counts, db } = await coupleWithAFavour();
    const refused = await send("/api/redeem", { itemId: 9999 }, "tap-1");
    const again = await send("/api/redeem", { itemId: 9999 }, "tap-1");
    const invalid = await send("/api/redeem", { itemId: "x" }, "tap-2");

    expect(refused.statusCode).toBe(404);
    expect(again.body).toBe(refused.body);
    expect(invalid.statusCode).toBe(400);
    expect(economySnapshot(db).rows.idempotency_keys).toBe(1);
    expect(counts().redemptions).toBe(0);
  });

  it("still happens without a key, as the bot and older pages send it", async () => {
    const { send, counts } = await coupleWithAFavour();
    await send("/api/nudges", { line: "Hi" });
    await send("/api/nudges", { line: "Hi" });
    expect(counts().nudges).toBe(2);
  });
});

describe("a redeemed favour settled from the page, sent again with its Idempotency-Key after a lost answer", () => {
  /** Sam has redeemed one of Alex's massages (30 spanks in escrow); each partner settles it with a key. */
  async function samRedeemedAMassage() {
    const test = await coupleWithAFavour();
    const redeemed = await test.send("/api/redeem", { itemId: test.inventoryItemId });
    const redemptionId: number = redeemed.json().redeemedItem.id;
    const settle = (as: "alex" | "sam", url: string, payload: object, key: string) =>
      test.app.inject({ method: "POST", url, headers: { cookie: test.cookie[as], "idempotency-key": key }, payload });
    return { ...test, redemptionId, settle };
  }

  it("a decline answers the same success twice and refunds the buyer once", async () => {
    const { db, sam, redemptionId, settle } = await samRedeemedAMassage();
    const decline = () =>
      settle("alex", "/api/decline-redeem", { itemId: redemptionId, reason: "Away this weekend" }, "decline-1");

    const first = await decline();
    const afterFirst = economySnapshot(db);
    const again = await decline();

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(economySnapshot(db)).toEqual(afterFirst);
    expect(balanceOf(db, { userId: sam })).toBe(100 - 30);
    expect(balanceOf(db, "escrow")).toBe(30);
  });

  it("a confirm answers the same success twice and pays the seller once", async () => {
    const { db, alex, redemptionId, settle } = await samRedeemedAMassage();
    const confirm = () => settle("sam", "/api/confirm-redeem", { itemId: redemptionId }, "confirm-1");

    const first = await confirm();
    const afterFirst = economySnapshot(db);
    const again = await confirm();

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(economySnapshot(db)).toEqual(afterFirst);
    expect(balanceOf(db, { userId: alex })).toBe(30);
    expect(balanceOf(db, "escrow")).toBe(30);
  });

  it("a decline with another key is still refused once it was declined: nothing is refunded twice", async () => {
    const { db, redemptionId, settle } = await samRedeemedAMassage();
    await settle("alex", "/api/decline-redeem", { itemId: redemptionId, reason: "Away this weekend" }, "decline-1");
    // The refusal is kept under its own key; the money is what changes nothing.
    const money = () => {
      const { rows, ...held } = economySnapshot(db);
      return { ...held, transfers: rows.transfers };
    };
    const before = money();

    const other = await settle("alex", "/api/decline-redeem", { itemId: redemptionId, reason: "Away" }, "decline-2");

    expect(other.statusCode).toBe(409);
    expect(money()).toEqual(before);
  });
});
