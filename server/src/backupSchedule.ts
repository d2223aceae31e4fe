import { pruneBackups, takeBackup } from "@spankbank/db/backup";
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
 * daylight saving), then applies the retention. A failure is logged loudly and tried again an
 * hour later, until one succeeds.
 */
export function scheduleBackups(options: {
  db: Db;
  databasePath: string;
  config: CoupleConfig;
  log: FastifyBaseLogger;
}): BackupSchedule {
  const { db, databasePath, config, log } = options;
  const [hours, minutes] = config.backups.time.split(":");
  let retry: NodeJS.Timeout | undefined;

  const backUp = async (): Promise<void> => {
    clearTimeout(retry);
    retry = undefined;
    try {
      const backup = await takeBackup(db, databasePath);
      const removed = pruneBackups(databasePath, config.backups);
      log.info({ backup: backup.path, removed }, "daily backup taken and verified");
    } catch (error) {
      log.error({ err: error }, "DAILY BACKUP FAILED: trying again in an hour. Check the disk and data/backups/.");
      retry = setTimeout(() => void backUp(), RETRY_AFTER_MS);
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
