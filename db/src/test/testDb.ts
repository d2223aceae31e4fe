import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { afterEach, expect } from "vitest";
import { type Db, openDb } from "../client.js";
import { syncCouple } from "../couple.js";
import { Refusal } from "../errors.js";
import { checkLedger } from "../ledger.js";

export { economySnapshot, giveSpanks } from "./ledgerKit.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

export interface TestDb {
  db: Db;
  path: string;
  alex: number;
  sam: number;
}

/**
 * A real database file with the demo couple synced and no spanks yet. After the test the ledger's
 * invariants must hold, then the file is deleted.
 */
export function openTestDb(): TestDb {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-db-test-"));
  const path = join(dir, "test.db");
  const db = openDb(path);
  const [alex, sam] = syncCouple(db, demoCouple);
  cleanups.push(() => {
    try {
      expect(checkLedger(db), "ledger invariants after the test").toEqual([]);
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
