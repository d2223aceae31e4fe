import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { inventoryKeys } from "./keys";

/** The signed-in partner's redeemed favours, most recent first. */
export function getRedeemed(signal?: AbortSignal) {
  return api
    .get("/api/redeemed", () => import("@spankbank/shared/contract/inventory").then((c) => c.redeemedReply), { signal })
    .then((reply) => reply.redeemedItems);
}

export const redeemedQueryOptions = queryOptions({
  queryKey: inventoryKeys.redeemed(),
  queryFn: ({ signal }) => getRedeemed(signal),
});

export const useRedeemed = () => useQuery(redeemedQueryOptions);
