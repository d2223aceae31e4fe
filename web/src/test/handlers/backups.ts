import type { BackupHealthReply } from "@spankbank/shared/contract/backups";
import { HttpResponse, http } from "msw";

/** Backups kept as usual: the dashboard shows nothing about them. */
export const backupsKept: BackupHealthReply = { last_kept_at: "2026-11-25T21:30:00.000Z", failing: null };

export const backupHandlers = [http.get("/api/backup-health", () => HttpResponse.json(backupsKept))];
