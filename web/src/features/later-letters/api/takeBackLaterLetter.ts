import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { laterLetterKeys } from "./keys";

/** Takes one of your letters back before it opens. */
export function takeBackLaterLetter(id: number) {
  return api.delete(`/api/later-letters/${id}`);
}

export function useTakeBackLaterLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeBackLaterLetter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laterLetterKeys.all }),
  });
}
