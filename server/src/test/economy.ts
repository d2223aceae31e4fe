import type { Db } from "@spankbank/db/client";
import { checkLedger } from "@spankbank/db/ledger";
import { afterEach, expect } from "vitest";
import { buildTestApp, userIdOf } from "./app.js";
import { sessionCookie } from "./session.js";

// The db kit by path: test kits are no package's entry point.
export { economySnapshot, giveSpanks } from "@spankbank/db/test/ledgerKit";

let opened: Db | undefined;
// Registered after app.ts's cleanup, so it runs before the database is closed.
afterEach(() => {
  if (opened) expect(checkLedger(opened), "ledger invariants after the test").toEqual([]);
  opened = undefined;
});

/** The test app with a session for each partner; the ledger is checked after every test. */
export async function buildEconomyApp() {
  const test = await buildTestApp();
  opened = test.db;
  return {
    ...test,
    alex: userIdOf(test.db, "alex"),
    sam: userIdOf(test.db, "sam"),
    cookie: { alex: sessionCookie(test, "alex"), sam: sessionCookie(test, "sam") },
  };
}
