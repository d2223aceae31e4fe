import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * How the backups are going, in one row: the last backup kept, and while backups fail, since when
 * and why (the broken rules of the check, so both partners' dashboards can say it until it is
 * fixed), and when the couple were last told in Discord (once a day, not once ever).
 */
export const backupStatus = sqliteTable(
  "backup_status",
  {
    id: integer("id").primaryKey(),
    lastKeptAt: text("last_kept_at"),
    lastTriedAt: text("last_tried_at"),
    /** The first failure of the current run of failures; null while backups are kept. */
    failingSince: text("failing_since"),
    /** Why the last one failed: the message, and the check's broken rules as JSON ([{rule, detail}]). */
    failure: text("failure"),
    brokenRules: text("broken_rules", { mode: "json" }).$type<{ rule: string; detail: string }[]>(),
    alertedAt: text("alerted_at"),
  },
  (t) => [check("backup_status_one_row", sql`${t.id} = 1`)],
);
