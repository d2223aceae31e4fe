import type { BackupHealthReply } from "@spankbank/shared/contract/backups";
import { HttpResponse, http } from "msw";

/** Backups kept as usual (the last one three hours ago): the dashboard shows nothing about them. */
export const backupsKept = (): BackupHealthReply => ({
  last_kept_at: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
  failing: null,
});

export const backupHandlers = [http.get("/api/backup-health", () => HttpResponse.json(backupsKept()))];
