import type { Db } from "../client.js";
import { enqueueEvent } from "../outbox.js";

/**
 * Tells the couple something needs their attention (a backup refused for want of disk space, a
 * damaged database): an announcement the bot posts. A database that cannot take the write (full
 * or damaged) gets none; the caller has logged the alert already, so false says only that.
 */
export function raiseAlert(db: Db, message: string, now = new Date()): boolean {
  try {
    enqueueEvent(db, "operator_alert", { message }, now);
    return true;
  } catch {
    return false;
  }
}
