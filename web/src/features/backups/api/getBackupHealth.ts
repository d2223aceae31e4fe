import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { backupKeys } from "./keys";

export const getBackupHealth = (signal?: AbortSignal) =>
  api.get("/api/backup-health", () => import("@spankbank/shared/contract/backups").then((c) => c.backupHealthReply), {
    signal,
  });

export const backupHealthQueryOptions = queryOptions({
  queryKey: backupKeys.health(),
  queryFn: ({ signal }) => loggedFailure("Failed to fetch how the backups are going", getBackupHealth(signal)),
  retry: false,
});

export const useBackupHealth = () => useQuery(backupHealthQueryOptions);
