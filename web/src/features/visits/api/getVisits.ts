import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { visitKeys } from "./keys";

/** The next visit, each partner's count, the in-person favours and one page of the log. */
export function getVisits(page: number, signal?: AbortSignal) {
  return api.get(
    `/api/visits?page=${page}`,
    () => import("@spankbank/shared/contract/visits").then((c) => c.visitsReply),
    { signal },
  );
}

export const visitsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: visitKeys.page(page),
    queryFn: ({ signal }) => getVisits(page, signal),
    // Paging the log keeps the countdown on screen.
    placeholderData: keepPreviousData,
  });

export const useVisits = (page: number) => useQuery(visitsQueryOptions(page));
