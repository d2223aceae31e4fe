import type { MyDayBody } from "@spankbank/shared/contract/myDay";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { dayOf, partnersWithDays, setDayOf } from "./partnerDays.js";
import { openTestDb, refusalOf } from "./test/testDb.js";

const rows = (db: ReturnType<typeof openTestDb>["db"]) => db.$client.prepare("SELECT * FROM partner_days").all();

describe("each partner's own day", () => {
  it("is the config's until the partner sets their own, which then overrides it for them only", () => {
    const { db, alex, sam } = openTestDb();
    expect(dayOf(db, demoCouple, alex)).toEqual({
      sleep: { from: "23:30", to: "07:00" },
      work: { from: "10:00", to: "18:30", days: ["mon", "tue", "wed", "thu", "fri", "sat"] },
      quietHours: "silent",
      source: "config",
      updatedAt: null,
    });
    setDayOf(db, demoCouple, alex, { sleep: { from: "22:00", to: "06:00" }, work: null, quietHours: "digest" });
    const [alexDay, samDay] = partnersWithDays(db, demoCouple);
    expect(alexDay).toMatchObject({
      username: "alex",
      userId: alex,
      sleep: { from: "22:00", to: "06:00" },
      quietHours: "digest",
    });
    expect(alexDay).not.toHaveProperty("work");
    expect(samDay).toMatchObject({
      username: "sam",
      userId: sam,
      sleep: { from: "23:00", to: "06:30" },
      quietHours: "silent",
    });
    // Saving again replaces the row.
    setDayOf(db, demoCouple, alex, {
      sleep: { from: "23:00", to: "07:00" },
      work: { from: "09:00", to: "17:00", days: ["mon", "wed"] },
      quietHours: "silent",
    });
    expect(dayOf(db, demoCouple, alex)).toEqual({
      sleep: { from: "23:00", to: "07:00" },
      work: { from: "09:00", to: "17:00", days: ["mon", "wed"] },
      quietHours: "silent",
      source: "web",
      updatedAt: expect.any(String),
    });
    expect(rows(db)).toHaveLength(1);
  });

  it("refuses bad input naming the field, and writes nothing", () => {
    const { db, alex } = openTestDb();
    const good: MyDayBody = { sleep: { from: "22:00", to: "06:00" }, work: null, quietHours: "silent" };
    const bad: [unknown, string][] = [
      [{ ...good, sleep: { from: "25:00", to: "06:00" } }, "sleep.from: must be HH:MM (24 h)"],
      [{ ...good, sleep: { from: "06:00", to: "06:00" } }, "sleep.to: from and to must differ"],
      [{ ...good, work: { from: "09:00", to: "17:00", days: ["mon", "funday"] } }, "work.days.1:"],
      [{ ...good, work: { from: "09:00", to: "17:00", days: [] } }, "work.days: pick at least one day"],
      [{ ...good, work: { from: "09:00", to: "17:00", days: ["mon", "mon"] } }, "work.days: must not name a day twice"],
      [{ ...good, quietHours: "loud" }, "quietHours:"],
      [{ ...good, username: "sam" }, "day: Unrecognized key"],
    ];
    for (const [input, message] of bad) {
      expect(refusalOf(() => setDayOf(db, demoCouple, alex, input as MyDayBody)).message).toContain(message);
    }
    expect(rows(db)).toEqual([]);
  });
});
