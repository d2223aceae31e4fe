import { checkLedger } from "@spankbank/db/ledger";
import { expect, onTestFinished } from "vitest";
import { buildTestApp, userIdOf } from "./app.js";
import { sessionCookie } from "./session.js";

// The db kit by path: test kits are no package's entry point.
export { economySnapshot, giveSpanks } from "@spankbank/db/test/ledgerKit";

/** The test app with a session for each partner; the ledger is checked after every test. */
export async function buildEconomyApp() {
  const test = await buildTestApp();
  // Test hooks run last-registered first: this one before the app's cleanup closes the database.
  onTestFinished(() => {
    expect(checkLedger(test.db), "ledger invariants after the test").toEqual([]);
  });
  return {
    ...test,
    alex: userIdOf(test.db, "alex"),
    sam: userIdOf(test.db, "sam"),
    cookie: { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") },
  };
}
