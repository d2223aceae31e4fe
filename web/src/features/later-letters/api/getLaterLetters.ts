import type { LaterLettersReply } from "@spankbank/shared/contract/laterLetters";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { laterLetterKeys } from "./keys";

/** Which page of each list: the letters to you, and the ones you wrote. */
export interface LetterPages {
  toYou: number;
  fromYou: number;
}

/** The first page of both: what the dashboard's notice and a first visit read. */
export const FIRST_LETTER_PAGES: LetterPages = { toYou: 1, fromYou: 1 };

/** A page of the letters to you (sealed ones without their text) and of the ones you wrote, and the anniversary. */
export function getLaterLetters(pages: LetterPages, signal?: AbortSignal): Promise<LaterLettersReply> {
  return api.get(
    "/api/later-letters",
    () => import("@spankbank/shared/contract/laterLetters").then((c) => c.laterLettersReply),
    { query: { to_you_page: pages.toYou, from_you_page: pages.fromYou }, signal, cache: "no-store" },
  );
}

export const laterLettersQueryOptions = (pages: LetterPages) =>
  queryOptions({
    queryKey: laterLetterKeys.page(pages),
    queryFn: ({ signal }) => getLaterLetters(pages, signal),
    // A sealed letter opens on the minute: look again each minute while the page is open.
    refetchInterval: 60_000,
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useLaterLetters(pages: LetterPages) {
  return useQuery(laterLettersQueryOptions(pages));
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
