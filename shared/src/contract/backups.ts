import { z } from "zod";
import { isoDate } from "./common.js";

/** How the backups are going: shown on both partners' dashboards while they fail. */
export const backupHealthReply = z.object({
  /** When the last backup was kept; null before the first. */
  last_kept_at: isoDate.nullable(),
  /** Since when backups are not kept and why; null while they are. */
  failing: z
    .object({
      since: isoDate,
      last_tried_at: isoDate,
      /** What happened and what to do, in the couple's words. */
      message: z.string(),
      /** The database check's rules that failed (none for other failures, a full disk...). */
      rules: z.array(z.string()),
    })
    .nullable(),
});
export type BackupHealthReply = z.infer<typeof backupHealthReply>;
