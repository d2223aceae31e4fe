import type { LetterReply } from "@spankbank/shared/contract/letters";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { letterKeys } from "./keys";

/** The letter the partner wrote to you, and your own draft to them. */
export function getLetter(signal?: AbortSignal): Promise<LetterReply> {
  return api.get("/api/letter", () => import("@spankbank/shared/contract/letters").then((c) => c.letterReply), {
    signal,
    cache: "no-store",
  });
}

export const letterQueryOptions = queryOptions({
  queryKey: letterKeys.letters(),
  queryFn: ({ signal }) => getLetter(signal),
});

export function useLetter() {
  return useQuery(letterQueryOptions);
}
