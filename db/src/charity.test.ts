import { describe, expect, it } from "vitest";
import { charityTotal, donate } from "./charity.js";
import { balanceOf } from "./ledger.js";
import { economySnapshot, giveSpanks, openTestDb, refusalOf } from "./test/testDb.js";

describe("charity", () => {
  it("starts at 0 and adds up every donation", () => {
    const { db, alex, sam } = openTestDb();
    giveSpanks(db, alex, 50);
    giveSpanks(db, sam, 50);
    expect(charityTotal(db)).toBe(0);

    expect(donate(db, alex, 20)).toEqual({ charityTotal: 20, newSpankTotal: 30 });
    expect(donate(db, sam, 5)).toEqual({ charityTotal: 25, newSpankTotal: 45 });
    expect(charityTotal(db)).toBe(25);
    expect(balanceOf(db, "charity")).toBe(25);
  });

  it.each([0, -3, 2.5, Number.NaN])("refuses to donate %s spanks", (amount) => {
    const { db, alex } = openTestDb();
    giveSpanks(db, alex, 50);
    expect(refusalOf(() => donate(db, alex, amount)).code).toBe("invalid");
  });

  it("refuses to donate more than the partner has, writing nothing", () => {
    const { db, alex } = openTestDb();
    giveSpanks(db, alex, 10);
    const before = economySnapshot(db);
    const refusal = refusalOf(() => donate(db, alex, 11));
    expect(refusal).toMatchObject({ code: "conflict", message: "You cannot donate 11 spanks: you have 10 spanks." });
    expect(economySnapshot(db)).toEqual(before);
  });
});
