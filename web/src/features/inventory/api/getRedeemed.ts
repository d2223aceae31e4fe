import { FAVOURS_PER_PAGE } from "@spankbank/shared/limits";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { inventoryKeys } from "./keys";

/** One page of the signed-in partner's redeemed favours, most recent first. */
export function getRedeemedPage(page: number, signal?: AbortSignal) {
  return api.get("/api/redeemed", () => import("@spankbank/shared/contract/inventory").then((c) => c.redeemedPage), {
    query: { page, pageSize: FAVOURS_PER_PAGE },
    signal,
  });
}

export const redeemedQueryOptions = (page: number) =>
  queryOptions({
    queryKey: inventoryKeys.redeemedPage(page),
    queryFn: ({ signal }) => getRedeemedPage(page, signal),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useRedeemed = (page: number) => useQuery(redeemedQueryOptions(page));
