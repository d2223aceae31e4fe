import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inTransaction } from "./client.js";
import { preparedFor } from "./prepared.js";
import { accounts } from "./schema.js";
import { openTestDb } from "./test/testDb.js";

const statements = preparedFor((db) => ({
  balanceOf: db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.name, sql.placeholder("name")))
    .prepare(),
}));

describe("preparedFor", () => {
  it("prepares once per handle and runs inside an open transaction", () => {
    const { db } = openTestDb();
    expect(statements(db)).toBe(statements(db));
    const { db: other } = openTestDb();
    expect(statements(other)).not.toBe(statements(db));
    inTransaction(db, (tx) => {
      tx.update(accounts).set({ balance: 7 }).where(eq(accounts.name, "charity")).run();
      expect(statements(db).balanceOf.get({ name: "charity" })?.balance).toBe(7);
      // Put it back: the test kit checks the ledger's invariants after each test.
      tx.update(accounts).set({ balance: 0 }).where(eq(accounts.name, "charity")).run();
    });
  });
});
