import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { restoreBackup, verifyBackupFile } from "@spankbank/db/backup";
import { runningProcesses } from "@spankbank/db/running";
import { processRuntime } from "@spankbank/shared/runtime";

/**
 * `npm run restore -- FILE`: checks the backup, refuses while the app is running, keeps the
 * replaced database beside it, and puts the backup (and its media) in place.
 */
const file = process.argv[2];
const { databasePath } = processRuntime();

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!file) refuse("Usage: npm run restore -- FILE   (see `npm run backup -- --list` for the backups there are)");
const backupPath = resolve(file);
if (!existsSync(backupPath)) refuse(`No file at ${backupPath}.`);
const running = runningProcesses(databasePath);
if (running.length > 0) {
  const which = running.map((process) => `${process.name} (pid ${process.pid})`).join(", ");
  refuse(
    `Spank Bank is running on ${databasePath}: ${which}. Stop it first (Ctrl-C, or systemctl stop), then restore.`,
  );
}
const problems = verifyBackupFile(backupPath);
if (problems.length > 0) refuse(`${backupPath} is not a good backup; nothing was changed:\n${problems.join("\n")}`);
const { keptAs } = restoreBackup(databasePath, backupPath);
console.log(`Restored ${backupPath} to ${databasePath}.\nThe database it replaced is kept as ${keptAs}.`);
