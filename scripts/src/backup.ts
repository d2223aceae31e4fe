import { existsSync } from "node:fs";
import { BackupRefused, listBackups, refuseBackupWithoutRoom } from "@spankbank/db/backup";
import { backUpAndRecord, retentionOf } from "@spankbank/db/backupHealth";
import { type Db, openDb } from "@spankbank/db/client";
import { BACKUP_KEPT_APART_DAYS } from "@spankbank/shared/limits";
import { scriptRuntime } from "./runtime.js";

/**
 * `npm run backup`: one verified online backup now (`…-manual.db`, kept BACKUP_KEPT_APART_DAYS
 * days outside the daily rotation), then the retention of the config.
 * `npm run backup -- --list`: the backups there are, newest first.
 */
const { databasePath, config } = scriptRuntime();

if (process.argv.includes("--list")) {
  const backups = listBackups(databasePath);
  if (backups.length === 0) console.log(`No backups yet beside ${databasePath}. Take one with \`npm run backup\`.`);
  for (const backup of backups) {
    const size = `${(backup.bytes / 1024).toFixed(0)} KiB`;
    console.log(
      `${backup.path}  ${backup.takenAt.toISOString()}  ${backup.kind}  ${size}${backup.mediaPath ? "  + media" : ""}`,
    );
  }
} else if (!existsSync(databasePath)) {
  // Opening would create an empty database: there is nothing to back up.
  console.error(`Backup not taken: there is no database at ${databasePath}.`);
  process.exitCode = 1;
} else {
  /** A refusal (nothing is wrong, nothing written) is said apart from a failure. */
  const reportNotKept = (error: Error) => {
    console.error(
      error instanceof BackupRefused ? `Backup not taken: ${error.message}` : `Backup FAILED: ${error.message}`,
    );
    process.exitCode = 1;
  };
  let db: Db | undefined;
  try {
    refuseBackupWithoutRoom(databasePath);
    db = openDb(databasePath);
    const result = await backUpAndRecord(db, databasePath, retentionOf(config), { kind: "manual" });
    if (result.outcome === "kept") {
      const { backup, removed } = result;
      console.log(
        `Backup taken and verified: ${backup.path}${backup.mediaPath ? ` (media: ${backup.mediaPath})` : ""}`,
      );
      console.log(`Kept ${BACKUP_KEPT_APART_DAYS} days, whatever the daily backups do.`);
      if (removed.length > 0) console.log(`Removed by retention: ${removed.join(", ")}`);
    } else {
      reportNotKept(result.outcome === "skipped" ? result.reason : result.error);
      if (result.outcome === "failed") {
        console.error("Both dashboards say so until a backup is kept; `npm run check` shows the details.");
      }
    }
  } catch (error) {
    // Refused before the database was opened: the disk has no room for a backup.
    reportNotKept(error as Error);
  } finally {
    db?.$client.close();
  }
}
