import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { spankBankKeys } from "./keys";

/** One page of the signed-in partner's statement, newest first. */
export function getTransactions(page: number, signal?: AbortSignal) {
  return api.get(
    "/api/transactions",
    () => import("@spankbank/shared/contract/economy").then((c) => c.transactionsReply),
    { query: { page }, signal },
  );
}

export const transactionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: spankBankKeys.transactionsPage(page),
    queryFn: ({ signal }) => getTransactions(page, signal),
    // Paging keeps the last page on screen instead of flashing the loading text.
    placeholderData: keepPreviousData,
  });

export const useTransactions = (page: number, enabled: boolean) =>
  useQuery({ ...transactionsQueryOptions(page), enabled });
