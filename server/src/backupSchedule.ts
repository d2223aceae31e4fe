import { raiseAlert } from "@spankbank/db/alerts";
import { BackupRefused, type FreeSpace, pruneBackups, takeBackup } from "@spankbank/db/backup";
import type { Db } from "@spankbank/db/client";
import type { CoupleConfig } from "@spankbank/shared/config";
import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";

const RETRY_AFTER_MS = 60 * 60 * 1000;

export interface BackupSchedule {
  /** Stops the daily job and any pending retry. */
  stop(): void;
}

/**
 * Takes the daily backup at `backups.time` in the couple's zone (croner handles the zone and
 * daylight saving), then applies the retention. A failure (a full disk included) is logged loudly,
 * announced once in Discord until a backup succeeds again, and tried again an hour later.
 */
export function scheduleBackups(options: {
  db: Db;
  databasePath: string;
  config: CoupleConfig;
  log: FastifyBaseLogger;
  /** The disk's free space (the real disk's unless a test says otherwise). */
  freeSpace?: FreeSpace;
}): BackupSchedule {
  const { db, databasePath, config, log, freeSpace } = options;
  const [hours, minutes] = config.backups.time.split(":");
  let retry: NodeJS.Timeout | undefined;
  // One announcement per run of failures, not one an hour.
  let announced = false;

  const backUp = async (): Promise<void> => {
    clearTimeout(retry);
    retry = undefined;
    try {
      const backup = await takeBackup(db, databasePath, new Date(), freeSpace);
      const removed = pruneBackups(databasePath, config.backups);
      announced = false;
      log.info({ backup: backup.path, removed }, "daily backup taken and verified");
    } catch (error) {
      retry = setTimeout(() => void backUp(), RETRY_AFTER_MS);
      if (error instanceof BackupRefused && error.reason === "busy") {
        log.warn(`${error.message} Trying again in an hour.`);
        return;
      }
      const message = (error as Error).message;
      log.error({ err: error }, `DAILY BACKUP FAILED: trying again in an hour. ${message}`);
      if (!announced) announced = raiseAlert(db, `the daily backup failed. ${message}`);
    }
  };

  const job = new Cron(`${Number(minutes)} ${Number(hours)} * * *`, { timezone: config.dailyQuestion.timeZone }, () =>
    backUp(),
  );
  return {
    stop() {
      job.stop();
      clearTimeout(retry);
    },
  };
}
