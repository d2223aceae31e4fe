import { onThisDay } from "@spankbank/shared/contract/memories";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";

export const getOnThisDay = (signal?: AbortSignal) =>
  api.get("/api/memories/on-this-day", onThisDay, { signal, cache: "no-store" });

export const onThisDayQueryOptions = queryOptions({
  queryKey: ["memories", "on-this-day"],
  queryFn: ({ signal }) => loggedFailure("Failed to fetch On this day", getOnThisDay(signal)),
  retry: false,
});

export const useOnThisDay = () => useQuery(onThisDayQueryOptions);
