import type { SearchKind } from "@spankbank/shared/contract/search";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { searchKeys } from "./keys";

/** What the signed-in partner may read that holds the words of `q`, by kind, newest first. */
export const getSearch = (q: string, kind: SearchKind | undefined, page: number, signal?: AbortSignal) =>
  api.get("/api/search", () => import("@spankbank/shared/contract/search").then((c) => c.searchReply), {
    query: { q, kind, page },
    signal,
  });

export const searchQueryOptions = (q: string, kind: SearchKind | undefined, page: number) =>
  queryOptions({
    queryKey: searchKeys.results(q, kind, page),
    queryFn: ({ signal }) => loggedFailure("Failed to search", getSearch(q, kind, page, signal)),
    placeholderData: keepPreviousData,
    // Nothing to search for: no request (the page says to type something).
    enabled: q.trim() !== "",
    retry: false,
  });

export const useSearch = (q: string, kind: SearchKind | undefined, page: number) =>
  useQuery(searchQueryOptions(q, kind, page));
