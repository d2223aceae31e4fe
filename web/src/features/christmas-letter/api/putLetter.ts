import type { LetterBody } from "@spankbank/shared/contract/letters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, isChangedSince } from "@/lib/api";
import { letterQueryOptions } from "./getLetter";

/** Writes (or rewrites) your own letter to your partner. */
export function putLetter(body: LetterBody) {
  return api.put("/api/letter", body, () => import("@spankbank/shared/contract/letters").then((c) => c.letterReply));
}

export function useWriteLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putLetter,
    onSuccess: (reply) => queryClient.setQueryData(letterQueryOptions.queryKey, reply),
    // Refused as saved elsewhere since (409): the page reads the saved one, the words here stay.
    onError: (error) => {
      if (isChangedSince(error)) void queryClient.invalidateQueries(letterQueryOptions);
    },
  });
}
