import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { nudgeKeys } from "./keys";

/** Today's "thinking of you": how often the partner thought of you, and what you may still send. */
export function getNudges(signal?: AbortSignal) {
  return api.get("/api/nudges", () => import("@spankbank/shared/contract/nudges").then((c) => c.nudgesReply), {
    signal,
  });
}

export const nudgesQueryOptions = queryOptions({
  queryKey: nudgeKeys.today(),
  queryFn: ({ signal }) => getNudges(signal),
});

export const useNudges = () => useQuery(nudgesQueryOptions);
