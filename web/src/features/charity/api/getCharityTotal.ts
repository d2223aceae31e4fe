import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { charityKeys } from "./keys";

/** The spanks donated to the couple's charity so far. */
export function getCharityTotal(charityName: string, signal?: AbortSignal) {
  return api
    .get("/api/charitySpankTotal", () => import("@spankbank/shared/contract/economy").then((c) => c.charityReply), {
      query: { charityName },
      signal,
    })
    .then((reply) => reply.charitySpankTotal);
}

export const charityTotalQueryOptions = (charityName: string) =>
  queryOptions({
    queryKey: charityKeys.total(charityName),
    queryFn: ({ signal }) => getCharityTotal(charityName, signal),
  });

export const useCharityTotal = (charityName: string) => useQuery(charityTotalQueryOptions(charityName));
