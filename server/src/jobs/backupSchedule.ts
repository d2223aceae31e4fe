import type { FreeSpace } from "@spankbank/db/backup";
import { backUpAndRecord, backupHealth, retentionOf } from "@spankbank/db/backupHealth";
import type { Db } from "@spankbank/db/client";
import type { CoupleConfig } from "@spankbank/shared/config";
import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";

const RETRY_AFTER_MS = 60 * 60 * 1000;
/** A backup missed while the box was off is taken this long after it starts, not among its first requests. */
export const MISSED_BACKUP_AFTER_MS = 5 * 60 * 1000;

export interface BackupSchedule {
  /** Stops the daily job and any pending retry; resolves once a backup in flight has finished. */
  stop(): Promise<void>;
}

/**
 * Takes the daily backup at `backups.time` in the couple's zone (croner handles the zone and
 * daylight saving), then applies the retention. A failure (a full disk included) is logged loudly,
 * shown on both dashboards and announced in Discord once a day until a backup is kept again, and
 * tried again an hour later. A server started with no backup kept since the last one was due (the
 * box was off, asleep or restarting at that time, or a retry was pending) takes it a few minutes
 * after it starts, as the trash purge and the favours' deadlines catch up at start.
 */
export function scheduleBackups(options: {
  db: Db;
  databasePath: string;
  config: CoupleConfig;
  log: FastifyBaseLogger;
  /** The disk's free space (the real disk's unless a test says otherwise). */
  freeSpace?: FreeSpace;
  /** Take a backup missed while the server was not running (not for the demo's made-up data). */
  catchUpMissed?: boolean;
}): BackupSchedule {
  const { db, databasePath, config, log, freeSpace, catchUpMissed = true } = options;
  const [hours, minutes] = config.backups.time.split(":");
  let retry: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let stopped = false;

  const backUp = (): Promise<void> => {
    inFlight = backUpOnce().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  const backUpOnce = async (): Promise<void> => {
    clearTimeout(retry);
    retry = undefined;
    const result = await backUpAndRecord(db, databasePath, retentionOf(config), freeSpace ? { freeSpace } : {});
    if (result.outcome === "kept") {
      log.info({ backup: result.backup.path, removed: result.removed }, "daily backup taken and verified");
      return;
    }
    // A backup that failed while the schedule stopped (a restart at 03:00) is retried by the next start.
    if (!stopped) retry = setTimeout(() => void backUp(), RETRY_AFTER_MS);
    if (result.outcome === "skipped") {
      log.warn(`${result.reason.message} Trying again in an hour.`);
      return;
    }
    log.error(
      { err: result.error, toldInDiscord: result.alerted },
      `DAILY BACKUP FAILED: trying again in an hour. ${result.error.message}`,
    );
  };

  const job = new Cron(`${Number(minutes)} ${Number(hours)} * * *`, { timezone: config.dailyQuestion.timeZone }, () =>
    backUp(),
  );
  if (catchUpMissed && missedBackup(db, job)) retry = setTimeout(() => void backUp(), MISSED_BACKUP_AFTER_MS);
  return {
    async stop() {
      stopped = true;
      job.stop();
      clearTimeout(retry);
      // A restart at backup time lets the night's copy finish rather than leave it half-made.
      await inFlight;
    },
  };
}

/**
 * Whether no backup was kept since the last one was due, and the next is not so near that the
 * missed one would still be running when it comes (it would be refused, and retried for nothing).
 */
function missedBackup(db: Db, job: Cron): boolean {
  const now = Date.now();
  const [lastDue] = job.previousRuns(1, new Date(now));
  const nextDue = job.nextRun();
  if (!lastDue || (nextDue && nextDue.getTime() - now < 2 * MISSED_BACKUP_AFTER_MS)) return false;
  const { lastKeptAt } = backupHealth(db);
  return lastKeptAt === null || Date.parse(lastKeptAt) < lastDue.getTime();
}
