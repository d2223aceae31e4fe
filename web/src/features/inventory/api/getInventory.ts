import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { inventoryKeys } from "./keys";

/** The signed-in partner's bought, unredeemed favours. */
export function getInventory(signal?: AbortSignal) {
  return api
    .get("/api/inventory", () => import("@spankbank/shared/contract/inventory").then((c) => c.inventoryReply), {
      signal,
    })
    .then((reply) => reply.inventory);
}

export const inventoryQueryOptions = queryOptions({
  queryKey: inventoryKeys.items(),
  queryFn: ({ signal }) => getInventory(signal),
});

export const useInventory = () => useQuery(inventoryQueryOptions);
