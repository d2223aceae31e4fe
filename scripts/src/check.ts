import { checkDatabaseFile, describeBrokenRules } from "@spankbank/db/healthCheck";
import { processPaths } from "@spankbank/shared/runtime";

/**
 * `npm run check`: SQLite's integrity and foreign keys, the ledger, escrow, inventory and the
 * outbox (db/src/ops/healthCheck.ts). Prints a report naming each broken rule and exits 1 on any.
 * Read-only, and a file too damaged to open or read is reported like any other problem.
 */
/** Rules that find the file itself damaged, where a backup is the way back; the others are about the data in it. */
const DAMAGE = new Set(["file", "integrity_check"]);

const { databasePath } = processPaths();
const problems = checkDatabaseFile(databasePath);
if (problems.length > 0) {
  console.error(`${databasePath} has ${problems.length} problem(s):\n${describeBrokenRules(problems)}`);
  console.error(
    problems.some((problem) => DAMAGE.has(problem.rule))
      ? "The file itself is damaged: to put the latest good backup back, see docs/deploy.md, 'Restore'."
      : "The file is readable; a rule about the data failed. Do not restore over it: a newer copy of the data is here, and the rule itself may be what is wrong. Keep this output and look into the rule named above (db/src/ops/healthCheck.ts).",
  );
  process.exit(1);
}
console.log(
  `${databasePath}: integrity ok, foreign keys ok, ledger balanced, transfers go the right way, escrow, inventory and favour payments match, outbox sane.`,
);
