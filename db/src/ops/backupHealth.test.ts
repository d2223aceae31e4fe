import { describe, expect, it } from "vitest";
import { declineRedemption } from "../decline.js";
import { settleFavourDeadlines } from "../favourDeadlines.js";
import { listInventory, listRedeemed, redeemItem } from "../inventory.js";
import { createProduct } from "../products.js";
import { purchaseProduct } from "../purchase.js";
import { brokeOnPurpose, giveSpanks, openTestDb } from "../test/testDb.js";
import { listBackups } from "./backup/index.js";
import { BACKUP_ALERT_REPEAT_MS, backUpAndRecord, backupHealth } from "./backupHealth.js";

const retention = { keepDaily: 400, keepWeekly: 0 };
const HOUR = 3_600_000;

/** A deterministic stream of picks, so the run is the same every time. */
function picks(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

const operatorAlerts = (db: ReturnType<typeof openTestDb>["db"]) =>
  (
    db.$client.prepare("SELECT payload FROM outbox WHERE kind = 'operator_alert' ORDER BY id").all() as {
      payload: string;
    }[]
  ).map((row) => JSON.parse(row.payload).message as string);

describe("backups over a couple's declined and expired favours", () => {
  it("keeps a backup after each of 100 random declines and expiries", { timeout: 120_000 }, async () => {
    const { db, path, alex, sam } = openTestDb();
    giveSpanks(db, alex, 5000);
    giveSpanks(db, sam, 5000);
    const pick = picks(7);
    let at = Date.parse("2026-03-01T12:00:00Z");
    let declines = 0;
    let expiries = 0;
    let kept = 0;
    while (declines + expiries < 100) {
      at += HOUR * 3;
      const now = new Date(at);
      const [buyer, seller] = pick(2) === 0 ? [alex, sam] : [sam, alex];
      const favour = createProduct(
        db,
        seller,
        {
          name: `Favour ${declines + expiries}`,
          description: "Soon.",
          quantity: 1,
          price: pick(4) * 10,
          useWithinDays: 1,
        },
        now,
      );
      purchaseProduct(db, { buyerId: buyer, productId: favour.id, now });
      if (pick(2) === 0) {
        const item = listInventory(db, buyer).find((owned) => owned.productId === favour.id)!;
        const redeemed = redeemItem(db, buyer, item.id, now);
        declineRedemption(db, seller, redeemed.redeemedItem.id, "Not this week", now);
        declines += 1;
      } else {
        at += 3 * 24 * HOUR;
        expiries += settleFavourDeadlines(db, [], new Date(at)).expired;
      }
      // One backup each second of the clock at most (the file name's precision): move it on.
      at += 1000;
      const result = await backUpAndRecord(db, path, retention, { now: new Date(at) });
      expect(result.outcome, result.outcome === "failed" ? result.error.message : "").toBe("kept");
      if (result.outcome === "kept") kept += 1;
    }
    expect(kept).toBe(100);
    // The retention keeps the newest of each day.
    expect(listBackups(path).length).toBeGreaterThan(10);
    expect(listRedeemed(db, alex).length + listRedeemed(db, sam).length).toBe(declines);
    expect(backupHealth(db).failing).toBeNull();
  });
});

describe("a backup that fails its check", () => {
  it("is recorded with its rules, told in Discord at once and again a day later, and cleared by the next kept backup", async () => {
    const { db, path } = openTestDb();
    const first = new Date("2026-05-01T21:30:00Z");
    brokeOnPurpose(db);
    db.$client.exec("UPDATE accounts SET balance = balance + 5 WHERE name = 'charity'");

    const failed = await backUpAndRecord(db, path, retention, { now: first });
    expect(failed).toMatchObject({ outcome: "failed", alerted: true });
    expect(listBackups(path)).toEqual([]);
    const health = backupHealth(db);
    expect(health.failing).toMatchObject({
      since: first.toISOString(),
      brokenRules: [{ rule: "ledger" }, { rule: "ledger" }],
    });
    const message = health.failing!.message;
    expect(message).toContain("the last backup failed the database check (ledger)");
    expect(message).toContain("Run `npm run check` on the server to see the details");
    // The check may be what is wrong: never advise putting an old copy back over the data.
    expect(message).not.toMatch(/restore/i);
    expect(operatorAlerts(db)).toEqual([message]);

    // Every hour it is tried again: logged, but the couple hear of it once a day.
    for (let hour = 1; hour < 24; hour += 1) {
      await backUpAndRecord(db, path, retention, { now: new Date(first.getTime() + hour * HOUR) });
    }
    expect(operatorAlerts(db)).toHaveLength(1);
    const nextDay = new Date(first.getTime() + BACKUP_ALERT_REPEAT_MS);
    expect(await backUpAndRecord(db, path, retention, { now: nextDay })).toMatchObject({ alerted: true });
    expect(operatorAlerts(db)).toHaveLength(2);
    expect(backupHealth(db).failing?.since).toBe(first.toISOString());

    db.$client.exec("UPDATE accounts SET balance = balance - 5 WHERE name = 'charity'");
    const kept = await backUpAndRecord(db, path, retention, { now: new Date(nextDay.getTime() + HOUR) });
    expect(kept.outcome).toBe("kept");
    expect(backupHealth(db)).toEqual({ lastKeptAt: new Date(nextDay.getTime() + HOUR).toISOString(), failing: null });
  });
});
