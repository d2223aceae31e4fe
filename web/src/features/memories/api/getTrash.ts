import { MEMORIES_PER_PAGE } from "@spankbank/shared/limits";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { memoryKeys } from "./keys";

export const getTrash = (page: number, signal?: AbortSignal) =>
  api.get("/api/memories/trash", () => import("@spankbank/shared/contract/memories").then((c) => c.trashPage), {
    query: { page, pageSize: MEMORIES_PER_PAGE },
    signal,
    cache: "no-store",
  });

export const trashQueryOptions = (page: number) =>
  queryOptions({
    queryKey: memoryKeys.trash(page),
    queryFn: ({ signal }) => loggedFailure("Failed to fetch the trash", getTrash(page, signal)),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useTrash = (page: number) => useQuery(trashQueryOptions(page));
