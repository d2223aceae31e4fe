import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { memoryKeys } from "./keys";

export const getLatestMemory = (signal?: AbortSignal) =>
  api.get("/api/memory", () => import("@spankbank/shared/contract/memories").then((c) => c.latestMemory), {
    signal,
    cache: "no-store",
  });

export const latestMemoryQueryOptions = queryOptions({
  queryKey: memoryKeys.latest(),
  queryFn: ({ signal }) => loggedFailure("Failed to fetch the latest memory", getLatestMemory(signal)),
  // SPEC section 8: a dashboard card's failure is logged and its loading stops.
  retry: false,
});

export const useLatestMemory = () => useQuery(latestMemoryQueryOptions);
