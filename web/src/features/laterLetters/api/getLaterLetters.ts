import type { LaterLettersReply } from "@spankbank/shared/contract/laterLetters";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { laterLetterKeys } from "./keys";

/** Letters to you (sealed ones without their text), the ones you wrote, and the anniversary. */
export function getLaterLetters(signal?: AbortSignal): Promise<LaterLettersReply> {
  return api.get(
    "/api/later-letters",
    () => import("@spankbank/shared/contract/laterLetters").then((c) => c.laterLettersReply),
    { signal, cache: "no-store" },
  );
}

export const laterLettersQueryOptions = queryOptions({
  queryKey: laterLetterKeys.list(),
  queryFn: ({ signal }) => getLaterLetters(signal),
  // A sealed letter opens on the minute: look again each minute while the page is open.
  refetchInterval: 60_000,
});

export function useLaterLetters() {
  return useQuery(laterLettersQueryOptions);
}
