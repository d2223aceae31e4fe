import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** The signed-in partner's favours the other one redeemed and is still waiting for. */
export function getOwed(signal?: AbortSignal) {
  return api.get("/api/owed", () => import("@spankbank/shared/contract/owed").then((c) => c.owedReply), { signal });
}

export const owedQueryOptions = queryOptions({
  queryKey: spankBankKeys.owed(),
  queryFn: ({ signal }) => getOwed(signal),
});

export const useOwed = () => useQuery(owedQueryOptions);
