import type { LaterLetterTakeBackQuery } from "@spankbank/shared/contract/laterLetters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { laterLetterKeys } from "./keys";

/**
 * Takes one of your letters back before it opens, as the page showed it (`basedOn`, its
 * `updated_at`): one sealed again since on another device is kept (409), never deleted unseen.
 */
export function takeBackLaterLetter({ id, basedOn }: { id: number; basedOn: string }) {
  const query: LaterLetterTakeBackQuery = { based_on: basedOn };
  return api.delete(`/api/later-letters/${id}`, { query });
}

export function useTakeBackLaterLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeBackLaterLetter,
    // Taken back or refused (sealed again, or opened, since): the page reads the letters as they are now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: laterLetterKeys.all }),
  });
}
