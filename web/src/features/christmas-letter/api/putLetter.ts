import type { LetterBody } from "@spankbank/shared/contract/letters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { signedInNow } from "@/features/session/api/keys";
import { api, isChangedSince } from "@/lib/api";
import { forgetSentDraft } from "@/lib/draft";
import { letterQueryOptions } from "./getLetter";

/** The name the letter's words are kept under on the device until saved (`useDraft`). */
export const LETTER_DRAFT = "christmas-letter";

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
    onSuccess: (reply, body, sent) => {
      if (sent?.sentBy === signedInNow(queryClient)) queryClient.setQueryData(letterQueryOptions.queryKey, reply);
      // Here, not only in the editor: a partner who left the page while it saved must not find the
      // words just saved offered as "saved on another device since" (the server trims them).
      if (sent?.sentBy !== undefined)
        forgetSentDraft<string>(sent.sentBy, LETTER_DRAFT, (words) => words === body.text);
    },
    // Refused as saved elsewhere since (409): the page reads the saved one, the words here stay.
    onError: (error) => {
      if (isChangedSince(error)) void queryClient.invalidateQueries(letterQueryOptions);
    },
  });
}
