import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { laterLetterKeys } from "./keys";

/** Opens a letter written to you: the server refuses while it is sealed. */
export function openLaterLetter(id: number) {
  return api.post(`/api/later-letters/${id}/open`, undefined, () =>
    import("@spankbank/shared/contract/laterLetters").then((c) => c.laterLetterReply),
  );
}

export function useOpenLaterLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openLaterLetter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laterLetterKeys.all }),
  });
}
