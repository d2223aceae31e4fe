import type { LetterBody } from "@spankbank/shared/contract/letters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { signedInNow } from "@/features/session/api/keys";
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
    onMutate: () => ({ sentBy: signedInNow(queryClient) }),
    // The answer is the sender's letter (and the one to them): shown only while they are signed in.
    onSuccess: (reply, _body, sent) => {
      if (sent?.sentBy === signedInNow(queryClient)) queryClient.setQueryData(letterQueryOptions.queryKey, reply);
    },
    // Refused as saved elsewhere since (409): the page reads the saved one, the words here stay.
    onError: (error) => {
      if (isChangedSince(error)) void queryClient.invalidateQueries(letterQueryOptions);
    },
  });
}
