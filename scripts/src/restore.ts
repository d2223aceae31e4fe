import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { restoreBackup } from "@spankbank/db/backup";
import { migrationsFolder } from "@spankbank/db/client";
import { withDatabaseToItself } from "@spankbank/db/running";
import { processPaths } from "@spankbank/shared/runtime";

/**
 * `npm run restore -- FILE`: holding the database to itself (no server, bot or backup may run
 * while it works: the locks in data/run/), copies the backup beside the database, checks the
 * copy, and only then swaps it (and its media) in; the replaced database is kept beside it.
 */
const file = process.argv[2];
const { databasePath } = processPaths();

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!file) refuse("Usage: npm run restore -- FILE   (see `npm run backup -- --list` for the backups there are)");
const backupPath = resolve(file);
if (!existsSync(backupPath)) refuse(`No file at ${backupPath}.`);
let outcome: ReturnType<typeof withDatabaseToItself<{ keptAs: string | null }>>;
try {
  outcome = withDatabaseToItself(databasePath, () =>
    restoreBackup(databasePath, backupPath, new Date(), migrationsFolder),
  );
} catch (error) {
  refuse((error as Error).message);
}
if (!outcome.ok) {
  refuse(
    `Spank Bank is running on ${databasePath}: ${outcome.running.join(", ")}. Stop it first (Ctrl-C, or systemctl stop), then restore.`,
  );
}
const { keptAs } = outcome.value;
console.log(
  `Restored ${backupPath} to ${databasePath}.${keptAs ? `\nThe database it replaced is kept as ${keptAs}.` : ""}`,
);
