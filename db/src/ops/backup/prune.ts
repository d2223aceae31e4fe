// Pruning: the rotation of daily and weekly backups, then the store's images no backup lists.
import { rmSync } from "node:fs";
import { BACKUP_KEPT_APART_DAYS } from "@spankbank/shared/limits";
import { tryLock } from "../running.js";
import { listBackups } from "./files.js";
import { sweepMediaStore } from "./mediaStore.js";

export interface Retention {
  keepDaily: number;
  keepWeekly: number;
}

/**
 * Keeps the newest daily backup of each of the last `keepDaily` days that have one, and the
 * newest of each of the `keepWeekly` weeks before those, and every manual and pre-migration copy
 * younger than BACKUP_KEPT_APART_DAYS days; deletes the rest, then the images in the store no
 * kept backup lists. Holds the backup lock, so no backup adds images while it sweeps. Returns
 * what was deleted.
 */
export function pruneBackups(databasePath: string, retention: Retention, now = new Date()): string[] {
  const lock = tryLock(databasePath, "backup");
  if (lock === null) return [];
  try {
    const kept = new Set<string>();
    const days = new Set<string>();
    const weeks = new Set<string>();
    const keptApartSince = now.getTime() - BACKUP_KEPT_APART_DAYS * 24 * 60 * 60 * 1000;
    for (const backup of listBackups(databasePath)) {
      if (backup.kind !== "daily") {
        if (backup.takenAt.getTime() > keptApartSince) kept.add(backup.path);
        continue;
      }
      const day = backup.takenAt.toISOString().slice(0, 10);
      if (days.has(day)) continue;
      if (days.size < retention.keepDaily) {
        days.add(day);
        kept.add(backup.path);
        continue;
      }
      const week = weekOf(backup.takenAt);
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

/** The Monday (UTC) starting the week of `date`, as a key. */
function weekOf(date: Date): string {
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}
