// Pruning: the rotation of daily and weekly backups, then the store's images no backup lists.
import { rmSync } from "node:fs";
import { DAY_MS } from "@spankbank/shared/calendar";
import { BACKUP_KEPT_APART_DAYS } from "@spankbank/shared/limits";
import { dayIn } from "../../clock.js";
import { tryLock } from "../running.js";
import { type BackupFile, listBackups, namedInTheFuture } from "./files.js";
import { sweepMediaStore } from "./mediaStore.js";

export interface Retention {
  keepDaily: number;
  keepWeekly: number;
  /** The zone the daily backup is taken in (the couple's): its days and weeks are counted there. UTC if not said. */
  timeZone?: string;
}

/**
 * Keeps the newest daily backup of each of the last `keepDaily` days that have one, and the
 * newest of each of the `keepWeekly` weeks before those, and every manual and pre-migration copy
 * until BACKUP_KEPT_APART_DAYS days after the first daily backup taken since it; deletes the
 * rest, then the images in the store no kept backup lists. A backup named later than a day from
 * now was taken while the clock was wrong: it is kept, and holds no day's place. Holds the backup
 * lock, so no backup adds images while it sweeps. Returns what was deleted.
 */
export function pruneBackups(databasePath: string, retention: Retention, now = new Date()): string[] {
  const lock = tryLock(databasePath, "backup");
  if (lock === null) return [];
  try {
    const kept = new Set<string>();
    const days = new Set<string>();
    const weeks = new Set<string>();
    const keptApartSince = now.getTime() - BACKUP_KEPT_APART_DAYS * DAY_MS;
    const backups = listBackups(databasePath);
    for (const backup of backups) {
      if (namedInTheFuture(backup, now)) {
        kept.add(backup.path);
        continue;
      }
      if (backup.kind !== "daily") {
        // Its age counts from the next daily backup, not from the time in its name: a copy taken
        // while the clock read 1970, or one seen by a clock that reads 2099, is not deleted at once;
        // nor one no daily backup has followed yet (it is the newest copy there is).
        const since = firstDailyAfter(backups, backup.takenAt, now);
        if (since === undefined || since.getTime() > keptApartSince) kept.add(backup.path);
        continue;
      }
      // A night's backup is that night's whatever the offset: counted in UTC, a backup taken just
      // after local midnight shared a UTC day with the next one across the spring change, and went.
      const day = dayIn(retention.timeZone ?? "UTC", backup.takenAt);
      if (days.has(day)) continue;
      if (days.size < retention.keepDaily) {
        days.add(day);
        kept.add(backup.path);
        continue;
      }
      const week = mondayOf(day);
      if (weeks.has(week) || weeks.size >= retention.keepWeekly) continue;
      weeks.add(week);
      kept.add(backup.path);
    }
    const removed: string[] = [];
    for (const backup of listBackups(databasePath)) {
      if (kept.has(backup.path)) continue;
      rmSync(backup.path, { force: true });
      if (backup.mediaPath) rmSync(backup.mediaPath, { recursive: true, force: true });
      removed.push(backup.name);
    }
    sweepMediaStore(databasePath);
    return removed;
  } finally {
    lock.release();
  }
}

/** When the first daily backup after `after` was taken (one dated later than a day from now aside), if any. */
function firstDailyAfter(backups: readonly BackupFile[], after: Date, now: Date): Date | undefined {
  return backups
    .filter((backup) => backup.kind === "daily" && backup.takenAt > after && !namedInTheFuture(backup, now))
    .at(-1)?.takenAt;
}

/** The Monday starting the week of `day` (YYYY-MM-DD), as a key. */
function mondayOf(day: string): string {
  const monday = new Date(`${day}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}
