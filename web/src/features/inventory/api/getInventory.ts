import { FAVOURS_PER_PAGE } from "@spankbank/shared/limits";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { inventoryKeys } from "./keys";

/** One page of the signed-in partner's bought, unredeemed favours, newest first. */
export function getInventoryPage(page: number, signal?: AbortSignal) {
  return api.get("/api/inventory", () => import("@spankbank/shared/contract/inventory").then((c) => c.inventoryPage), {
    query: { page, pageSize: FAVOURS_PER_PAGE },
    signal,
  });
}

export const inventoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: inventoryKeys.itemsPage(page),
    queryFn: ({ signal }) => getInventoryPage(page, signal),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useInventory = (page: number) => useQuery(inventoryQueryOptions(page));
