import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { bountyKeys } from "./keys";

/** Every bounty still open, claimed or done, then the latest settled. */
export function getBounties(signal?: AbortSignal) {
  return api.get("/api/bounties", () => import("@spankbank/shared/contract/bounties").then((c) => c.bountiesReply), {
    signal,
  });
}

export const bountiesQueryOptions = queryOptions({
  queryKey: bountyKeys.all,
  queryFn: ({ signal }) => getBounties(signal),
});

export const useBounties = () => useQuery(bountiesQueryOptions);
