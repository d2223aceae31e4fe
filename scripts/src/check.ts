import { checkDatabaseFile, describeBrokenRules } from "@spankbank/db/healthCheck";
import { processRuntime } from "@spankbank/shared/runtime";

/**
 * `npm run check`: SQLite's integrity and foreign keys, the ledger, escrow, inventory and the
 * outbox (db/src/healthCheck.ts). Prints a report naming each broken rule and exits 1 on any.
 * Read-only, and a file too damaged to open or read is reported like any other problem.
 */
const { databasePath } = processRuntime();
const problems = checkDatabaseFile(databasePath);
if (problems.length > 0) {
  console.error(`${databasePath} has ${problems.length} problem(s):\n${describeBrokenRules(problems)}`);
  console.error("To put the latest good backup back, see docs/deploy.md, 'Restore'.");
  process.exit(1);
}
console.log(
  `${databasePath}: integrity ok, foreign keys ok, ledger balanced, escrow and inventory match, outbox sane.`,
);
