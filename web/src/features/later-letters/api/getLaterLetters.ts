import type { LaterLettersReply } from "@spankbank/shared/contract/laterLetters";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { laterLetterKeys } from "./keys";

/** A page of the letters to you (sealed ones without their text) and of the ones you wrote, and the anniversary. */
export function getLaterLetters(page: number, signal?: AbortSignal): Promise<LaterLettersReply> {
  return api.get(
    "/api/later-letters",
    () => import("@spankbank/shared/contract/laterLetters").then((c) => c.laterLettersReply),
    { query: { page }, signal, cache: "no-store" },
  );
}

export const laterLettersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: laterLetterKeys.page(page),
    queryFn: ({ signal }) => getLaterLetters(page, signal),
    // A sealed letter opens on the minute: look again each minute while the page is open.
    refetchInterval: 60_000,
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useLaterLetters(page: number) {
  return useQuery(laterLettersQueryOptions(page));
}

/** One letter with its text: one of yours always, one to you once opened. */
export const laterLetterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: laterLetterKeys.letter(id),
    queryFn: ({ signal }) =>
      api.get(
        `/api/later-letters/${id}`,
        () => import("@spankbank/shared/contract/laterLetters").then((c) => c.laterLetterReply),
        { signal, cache: "no-store" },
      ),
  });
