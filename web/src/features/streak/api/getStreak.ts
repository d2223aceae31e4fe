import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { streakKeys } from "./keys";

/** The couple's streak of daily questions both answered, and the best one. */
export function getStreak(signal?: AbortSignal) {
  return api.get("/api/streak", () => import("@spankbank/shared/contract/streak").then((c) => c.streakReply), {
    signal,
  });
}

export const streakQueryOptions = queryOptions({
  queryKey: streakKeys.all,
  queryFn: ({ signal }) => getStreak(signal),
});

export const useStreak = () => useQuery(streakQueryOptions);
