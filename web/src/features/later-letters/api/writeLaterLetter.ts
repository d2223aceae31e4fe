import type { LaterLetterBody, LaterLetterChangeBody } from "@spankbank/shared/contract/laterLetters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";
import { laterLetterKeys } from "./keys";

/** The answer's contract, for the checks of development and tests (see api.ts). */
const laterLetterReply = () => import("@spankbank/shared/contract/laterLetters").then((c) => c.laterLetterReply);

/**
 * Seals a new letter (no id) or rewrites one of yours that has not opened yet, based on the version
 * the form showed (`based_on`): one sealed again since on another device is never replaced unseen.
 */
export function writeLaterLetter({
  id,
  based_on,
  ...body
}: LaterLetterBody & { id?: number | undefined; based_on?: string | undefined }) {
  if (id === undefined) return api.postOnce("/api/later-letters", body, laterLetterReply);
  const change: LaterLetterChangeBody = { ...body, ...(based_on ? { based_on } : {}) };
  return api.put(`/api/later-letters/${id}`, change, laterLetterReply);
}

export function useWriteLaterLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeLaterLetter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laterLetterKeys.all }),
    // Refused (409: sealed again elsewhere, or opened since): the page reads the letter as it is now,
    // and the words typed here stay in the form.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: laterLetterKeys.all });
      }
    },
  });
}
