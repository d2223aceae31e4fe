import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { exportKeys } from "./keys";

export const getExportSize = (signal?: AbortSignal) =>
  api.get("/api/export/size", () => import("@spankbank/shared/contract/export").then((c) => c.exportSizeReply), {
    signal,
  });

export const exportSizeQueryOptions = queryOptions({
  queryKey: exportKeys.size(),
  queryFn: ({ signal }) => getExportSize(signal),
  // Asked each time the menu opens: the couple's photos grow between two looks.
  staleTime: 0,
  retry: false,
});

/** About how large the download is, asked only while `asked` (the menu is open). */
export const useExportSize = (asked: boolean) => useQuery({ ...exportSizeQueryOptions, enabled: asked });
