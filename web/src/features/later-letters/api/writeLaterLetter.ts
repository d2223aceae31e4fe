import type { LaterLetterBody } from "@spankbank/shared/contract/laterLetters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { laterLetterKeys } from "./keys";

/** The answer's contract, for the checks of development and tests (see api.ts). */
const laterLetterReply = () => import("@spankbank/shared/contract/laterLetters").then((c) => c.laterLetterReply);

/** Seals a new letter (no id) or rewrites one of yours that has not opened yet. */
export function writeLaterLetter({ id, ...body }: LaterLetterBody & { id?: number | undefined }) {
  return id === undefined
    ? api.postOnce("/api/later-letters", body, laterLetterReply)
    : api.put(`/api/later-letters/${id}`, body, laterLetterReply);
}

export function useWriteLaterLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeLaterLetter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laterLetterKeys.all }),
  });
}
