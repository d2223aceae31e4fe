import type { GuessRating } from "@spankbank/shared/contract/questions";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { questionKeys } from "./keys";

const contract = () => import("@spankbank/shared/contract/questions");

/** "Alex knows Sam: 7 of the last 10", for each partner who has had a guess rated. */
export const guessRecordQueryOptions = queryOptions({
  queryKey: questionKeys.guessRecord(),
  queryFn: ({ signal }) => api.get("/api/guesses/record", () => contract().then((c) => c.guessRecordReply), { signal }),
});

export const useGuessRecord = () => useQuery(guessRecordQueryOptions);

/** Rates the partner's guess about you (once); the Q&A, the dashboard card and the record refresh. */
export function useRateGuess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, rating }: { questionId: number; rating: GuessRating }) =>
      api.put(`/api/questions/${questionId}/guess-rating`, { rating }, () =>
        contract().then((c) => c.guessRatingReply),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
