import type { CoupleConfig } from "@spankbank/shared/config";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { describe, expect, it } from "vitest";
import { grantStartingSpanks, syncCouple } from "./couple.js";
import { balanceOf } from "./ledger.js";
import { openTestDb } from "./test/testDb.js";

const withStarting = (startingSpanks: number) => ({
  ...demoCouple,
  economy: { ...demoCouple.economy, startingSpanks },
});

describe("grantStartingSpanks", () => {
  it("pays each partner the config's startingSpanks from the mint, through the ledger", () => {
    const { db, alex, sam } = openTestDb();
    expect(grantStartingSpanks(db, withStarting(120), new Date("2026-01-01T00:00:00Z"))).toBe(2);
    expect(balanceOf(db, { userId: alex })).toBe(120);
    expect(balanceOf(db, { userId: sam })).toBe(120);
    expect(balanceOf(db, "mint")).toBe(-240);
    const rows = db.$client.prepare("SELECT kind, amount, memo FROM transfers ORDER BY id").all();
    expect(rows).toEqual([
      { kind: "starting", amount: 120, memo: "Starting spanks" },
      { kind: "starting", amount: 120, memo: "Starting spanks" },
    ]);
  });

  it("pays once ever: a later start, even with a changed amount, pays nothing more", () => {
    const { db, alex } = openTestDb();
    grantStartingSpanks(db, withStarting(100));
    syncCouple(db, withStarting(500));
    expect(grantStartingSpanks(db, withStarting(500))).toBe(0);
    expect(balanceOf(db, { userId: alex })).toBe(100);
  });

  it("pays nothing when startingSpanks is 0", () => {
    const { db, alex } = openTestDb();
    expect(grantStartingSpanks(db, withStarting(0))).toBe(0);
    expect(balanceOf(db, { userId: alex })).toBe(0);
  });
});

describe("syncCouple", () => {
  it("keeps a partner who moved to a new Discord account (same login, new id) as the same person, with their spanks", () => {
    const { db, alex } = openTestDb();
    grantStartingSpanks(db, withStarting(120));
    const [alexInConfig, samInConfig] = demoCouple.partners;
    const moved: CoupleConfig = {
      ...demoCouple,
      partners: [{ ...alexInConfig, discordId: "333333333333333333" }, samInConfig],
    };
    syncCouple(db, moved);
    const users = db.$client.prepare("SELECT id, username, discord_id AS discordId FROM users ORDER BY id").all();
    expect(users).toEqual([
      { id: alex, username: alexInConfig.username, discordId: "333333333333333333" },
      expect.objectContaining({ username: samInConfig.username }),
    ]);
    expect(balanceOf(db, { userId: alex })).toBe(120);
  });
});
