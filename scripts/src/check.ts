import { openDb } from "@spankbank/db/client";
import { checkDatabase, describeBrokenRules } from "@spankbank/db/healthCheck";
import { processRuntime } from "@spankbank/shared/runtime";

/**
 * `npm run check`: SQLite's integrity and foreign keys, the ledger, escrow, inventory and the
 * outbox (db/src/healthCheck.ts). Prints a report naming each broken rule and exits 1 on any.
 */
const { databasePath } = processRuntime();
const db = openDb(databasePath);
const problems = checkDatabase(db);
db.$client.close();
if (problems.length > 0) {
  console.error(`${databasePath} has ${problems.length} problem(s):\n${describeBrokenRules(problems)}`);
  process.exit(1);
}
console.log(
  `${databasePath}: integrity ok, foreign keys ok, ledger balanced, escrow and inventory match, outbox sane.`,
);
