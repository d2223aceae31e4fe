import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { memoryKeys } from "./keys";

export const getOnThisDay = (signal?: AbortSignal) =>
  api.get("/api/memories/on-this-day", () => import("@spankbank/shared/contract/memories").then((c) => c.onThisDay), {
    signal,
    cache: "no-store",
  });

export const onThisDayQueryOptions = queryOptions({
  queryKey: memoryKeys.onThisDay(),
  queryFn: ({ signal }) => loggedFailure("Failed to fetch On this day", getOnThisDay(signal)),
  retry: false,
});

export const useOnThisDay = () => useQuery(onThisDayQueryOptions);
