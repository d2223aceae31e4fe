import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** The signed-in partner's spanks (the server takes who from the session). */
export function getSpankTotal(signal?: AbortSignal) {
  return api
    .get("/api/spankTotal", () => import("@spankbank/shared/contract/economy").then((c) => c.spankTotalReply), {
      signal,
    })
    .then((reply) => reply.spankTotal);
}

export const spankTotalQueryOptions = queryOptions({
  queryKey: spankBankKeys.spankTotal(),
  queryFn: ({ signal }) => getSpankTotal(signal),
});

export const useSpankTotal = () => useQuery(spankTotalQueryOptions);
