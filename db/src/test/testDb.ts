import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { expect, onTestFinished } from "vitest";
import type { Db } from "../client.js";
import { syncCouple } from "../couple.js";
import { Refusal } from "../errors.js";
import { checkDatabase, describeBrokenRules } from "../ops/healthCheck.js";
import { openMigratedCopy } from "./migratedCopy.js";

export { economySnapshot, giveSpanks } from "./ledgerKit.js";

/** Databases a test broke on purpose (to see a rule name the damage): the kit does not check them after it. */
const brokenOnPurpose = new WeakSet<Db>();

/** Marks `db` as damaged by the test itself, so the health check after the test leaves it alone. */
export function brokeOnPurpose(db: Db): void {
  brokenOnPurpose.add(db);
}

/**
 * The whole health check of `npm run check` and of every backup (ledger, escrow, inventory,
 * favour payments, outbox...): a domain operation that leaves the file in a state a backup would
 * refuse fails the test that ran it, naming the rule.
 */
export function expectHealthy(db: Db, when: string): void {
  const problems = checkDatabase(db);
  if (problems.length > 0) throw new Error(`The health check fails ${when}:\n${describeBrokenRules(problems)}`);
}

export interface TestDb {
  db: Db;
  path: string;
  alex: number;
  sam: number;
}

/**
 * A real database file with the demo couple synced and no spanks yet. After the test the whole
 * health check must pass (see expectHealthy), then the file is deleted.
 */
export function openTestDb(): TestDb {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-db-test-"));
  const path = join(dir, "spankbank.db");
  const db = openMigratedCopy(path);
  const [alex, sam] = syncCouple(db, demoCouple);
  // The test's own hook, not a module-level afterEach: with isolate: false this module is loaded
  // once per worker, so an afterEach here was registered for the first file only.
  onTestFinished(() => {
    try {
      if (!brokenOnPurpose.has(db) && db.$client.open) {
        expectHealthy(db, `after the test "${expect.getState().currentTestName}"`);
      }
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return { db, path, alex: alex!.id, sam: sam!.id };
}

/** The Refusal `work` throws; fails the test when it throws nothing or something else. */
export function refusalOf(work: () => unknown): Refusal {
  try {
    work();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
