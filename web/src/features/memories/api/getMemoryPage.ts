import { MEMORIES_PER_PAGE } from "@spankbank/shared/limits";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { memoryKeys } from "./keys";

export const getMemoryPage = (page: number, signal?: AbortSignal) =>
  api.get("/api/memories", () => import("@spankbank/shared/contract/memories").then((c) => c.memoriesPage), {
    query: { page, pageSize: MEMORIES_PER_PAGE },
    signal,
    cache: "no-store",
  });

export const memoryPageQueryOptions = (page: number) =>
  queryOptions({
    queryKey: memoryKeys.page(page),
    queryFn: ({ signal }) => loggedFailure("Failed to fetch memories", getMemoryPage(page, signal)),
    // The page being left stays on screen until the next one arrives: no flash of 'Loading...'.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMemoryPage = (page: number) => useQuery(memoryPageQueryOptions(page));
