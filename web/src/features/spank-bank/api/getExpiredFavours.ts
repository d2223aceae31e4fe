import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** The signed-in partner's favours, bought or sold, that expired unused lately, and whether they were told. */
export function getExpiredFavours(signal?: AbortSignal) {
  return api.get(
    "/api/expired-favours",
    () => import("@spankbank/shared/contract/expiredFavours").then((c) => c.expiredFavoursReply),
    { signal },
  );
}

export const expiredFavoursQueryOptions = queryOptions({
  queryKey: spankBankKeys.expired(),
  queryFn: ({ signal }) => getExpiredFavours(signal),
});

export const useExpiredFavours = () => useQuery(expiredFavoursQueryOptions);
