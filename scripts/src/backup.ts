import { existsSync } from "node:fs";
import { BackupRefused, listBackups } from "@spankbank/db/backup";
import { backUpAndRecord } from "@spankbank/db/backupHealth";
import { openDb } from "@spankbank/db/client";
import { processRuntime } from "@spankbank/shared/runtime";

/**
 * `npm run backup`: one verified online backup now, then the retention of the config.
 * `npm run backup -- --list`: the backups there are, newest first.
 */
const { databasePath, config } = processRuntime();

if (process.argv.includes("--list")) {
  const backups = listBackups(databasePath);
  if (backups.length === 0) console.log(`No backups yet beside ${databasePath}. Take one with \`npm run backup\`.`);
  for (const backup of backups) {
    const size = `${(backup.bytes / 1024).toFixed(0)} KiB`;
    console.log(`${backup.path}  ${backup.takenAt.toISOString()}  ${size}${backup.mediaPath ? "  + media" : ""}`);
  }
} else if (!existsSync(databasePath)) {
  // Opening would create an empty database: there is nothing to back up.
  console.error(`Backup not taken: there is no database at ${databasePath}.`);
  process.exitCode = 1;
} else {
  const db = openDb(databasePath);
  try {
    const result = await backUpAndRecord(db, databasePath, config.backups);
    if (result.outcome === "kept") {
      const { backup, removed } = result;
      console.log(
        `Backup taken and verified: ${backup.path}${backup.mediaPath ? ` (media: ${backup.mediaPath})` : ""}`,
      );
      if (removed.length > 0) console.log(`Removed by retention: ${removed.join(", ")}`);
    } else {
      const error = result.outcome === "skipped" ? result.reason : result.error;
      console.error(
        error instanceof BackupRefused ? `Backup not taken: ${error.message}` : `Backup FAILED: ${error.message}`,
      );
      if (result.outcome === "failed") {
        console.error("Both dashboards say so until a backup is kept; `npm run check` shows the details.");
      }
      process.exitCode = 1;
    }
  } finally {
    db.$client.close();
  }
}
