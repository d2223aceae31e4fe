import { useMutation, useQueryClient } from "@tanstack/react-query";
import { memoryKeys } from "@/features/memories/api/keys";
import { signedInNow } from "@/features/session/api/keys";
import { streakKeys } from "@/features/streak/api/keys";
import { api } from "@/lib/api";
import { forgetSentDraft } from "@/lib/draft";
import { questionKeys } from "./keys";

export interface AnswerInput {
  questionId: number;
  response: string;
  /** The guess of the partner's answer, sent only while it may still be written. */
  guess?: string | undefined;
  /** The `created_at` of the answer the form showed (null: none yet): one changed since is not replaced. */
  basedOn?: string | null | undefined;
}

export const answerQuestion = ({ questionId, response, guess, basedOn }: AnswerInput) =>
  api.put(
    `/api/questions/${questionId}`,
    { response, questionId, ...(guess ? { guess } : {}), ...(basedOn !== undefined ? { based_on: basedOn } : {}) },
    () => import("@spankbank/shared/contract/questions").then((c) => c.answerReply),
  );

/** Adds (or replaces) the signed-in partner's answer; the Q&A list, the dashboard card, On this day and the streak refresh. */
/** The name an answer's words are kept under on the device until saved (`useDraft`). */
export const answerDraft = (questionId: number) => `answer:${questionId}`;

export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuestion,
    // Here, not only in the form: a partner who closed it while it saved must not find the words
    // just saved offered as changed on another device since (the server trims them).
    onSuccess: (_reply, sent) => {
      const username = signedInNow(queryClient);
      if (username === undefined) return;
      forgetSentDraft<{ response: string; guess: string }>(
        username,
        answerDraft(sent.questionId),
        (words) => words.response === sent.response && (sent.guess === undefined || words.guess === sent.guess),
      );
    },
    onError: (error) => console.error("Failed to submit response:", error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: questionKeys.all }),
        queryClient.invalidateQueries({ queryKey: memoryKeys.onThisDay() }),
        queryClient.invalidateQueries({ queryKey: streakKeys.all }),
      ]),
  });
}
