import type { CoupleConfig } from "@spankbank/shared/config";
import { eq } from "drizzle-orm";
import { type Db, inTransaction } from "../client.js";
import { isoNow } from "../clock.js";
import { preparedFor } from "../prepared.js";
import { backupStatus } from "../schema.js";
import { raiseAlert } from "./alerts.js";
import { BackupCheckFailed, type BackupFile, BackupRefused, type FreeSpace, type Retention } from "./backup/index.js";
import { takeAndPruneOffThread } from "./backup/offThread.js";
import type { BrokenRule } from "./healthCheck.js";

/** While backups fail, the couple are told in Discord again after this long: once a day, not once ever. */
export const BACKUP_ALERT_REPEAT_MS = 24 * 60 * 60 * 1000;

/** How the backups are going, for both partners' dashboards. */
export interface BackupHealth {
  /** When the last backup was kept; null before the first. */
  lastKeptAt: string | null;
  /** Since when backups fail and why; null while they are kept. */
  failing: BackupFailing | null;
}

export interface BackupFailing {
  since: string;
  lastTriedAt: string;
  /** What went wrong, in one sentence the couple can act on. */
  message: string;
  /** The check's broken rules when the backup failed its check ([] for other failures: a full disk...). */
  brokenRules: BrokenRule[];
}

const statements = preparedFor((db) => ({
  status: db.select().from(backupStatus).where(eq(backupStatus.id, 1)).prepare(),
}));

/**
 * What the couple are told when a backup was not kept. A failed check names its rules and the
 * command that shows the details, and never advises restoring: the check itself may be what is wrong.
 */
export function backupFailureMessage(failure: string, brokenRules: readonly BrokenRule[]): string {
  if (brokenRules.length === 0) return `backups are not being kept: ${failure}`;
  const rules = [...new Set(brokenRules.map((problem) => problem.rule))].join(", ");
  return `backups are paused: the last backup failed the database check (${rules}), so it was not kept. The data itself is still in place. Run \`npm run check\` on the server to see the details; backups are kept again once it passes.`;
}

/** Records a backup kept: any run of failures is over. */
export function recordBackupKept(db: Db, now = new Date()): void {
  const at = isoNow(now);
  const row = {
    lastKeptAt: at,
    lastTriedAt: at,
    failingSince: null,
    failure: null,
    brokenRules: null,
    alertedAt: null,
  };
  db.insert(backupStatus)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: backupStatus.id, set: row })
    .run();
}

/**
 * Records a backup that was not kept, and tells the couple in Discord (an operator alert the bot
 * posts) at the first failure and again each day the failures go on. Returns whether it told them.
 * Throws when the database cannot take the write (a full disk): the caller has logged the failure.
 */
export function recordBackupFailed(
  db: Db,
  failed: { failure: string; brokenRules?: readonly BrokenRule[] },
  now = new Date(),
): boolean {
  const brokenRules = [...(failed.brokenRules ?? [])];
  const at = isoNow(now);
  return inTransaction(db, (tx) => {
    const before = statements(tx).status.get();
    const alertDue = !before?.alertedAt || now.getTime() - Date.parse(before.alertedAt) >= BACKUP_ALERT_REPEAT_MS;
    if (alertDue) raiseAlert(tx, backupFailureMessage(failed.failure, brokenRules), now);
    const row = {
      lastTriedAt: at,
      failingSince: before?.failingSince ?? at,
      failure: failed.failure,
      brokenRules,
      alertedAt: alertDue ? at : (before?.alertedAt ?? null),
    };
    tx.insert(backupStatus)
      .values({ id: 1, lastKeptAt: before?.lastKeptAt ?? null, ...row })
      .onConflictDoUpdate({ target: backupStatus.id, set: row })
      .run();
    return alertDue;
  });
}

export function backupHealth(db: Db): BackupHealth {
  const row = statements(db).status.get();
  if (!row) return { lastKeptAt: null, failing: null };
  const failing =
    row.failingSince === null
      ? null
      : {
          since: row.failingSince,
          lastTriedAt: row.lastTriedAt ?? row.failingSince,
          message: backupFailureMessage(row.failure ?? "", row.brokenRules ?? []),
          brokenRules: row.brokenRules ?? [],
        };
  return { lastKeptAt: row.lastKeptAt, failing };
}

/** What one backup run came to. */
export type BackupOutcome =
  | { outcome: "kept"; backup: BackupFile; removed: string[] }
  /** Not tried: another backup is running, or there is no couple yet. Nothing is wrong. */
  | { outcome: "skipped"; reason: BackupRefused }
  /** Not kept: recorded for the dashboards, and the couple told in Discord (once a day) when `alerted`. */
  | { outcome: "failed"; error: Error; alerted: boolean };

/** The config's retention, its days counted in the couple's zone, where the daily backup is scheduled. */
export function retentionOf(config: CoupleConfig): Retention {
  return { ...config.backups, timeZone: config.dailyQuestion.timeZone };
}

/**
 * One backup now (the daily one or `npm run backup`), then the retention, in a worker thread,
 * with the outcome recorded: a failure stays on both dashboards until a backup is kept again.
 */
export async function backUpAndRecord(
  db: Db,
  databasePath: string,
  retention: Retention,
  options: { now?: Date; freeSpace?: FreeSpace; kind?: "daily" | "manual" } = {},
): Promise<BackupOutcome> {
  const now = options.now ?? new Date();
  try {
    const { backup, removed } = await takeAndPruneOffThread(
      db,
      { databasePath, now, kind: options.kind ?? "daily", retention },
      options.freeSpace,
    );
    recordBackupKept(db, now);
    return { outcome: "kept", backup, removed };
  } catch (caught) {
    const error = caught as Error;
    if (error instanceof BackupRefused && error.reason !== "disk") return { outcome: "skipped", reason: error };
    const brokenRules = error instanceof BackupCheckFailed ? error.problems : [];
    let alerted = false;
    try {
      alerted = recordBackupFailed(db, { failure: error.message, brokenRules }, now);
    } catch {
      // A database that cannot take the write (the disk is full): the caller logs the failure loudly.
    }
    return { outcome: "failed", error, alerted };
  }
}
