import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { questionKeys } from "./keys";

export const getQuestions = (signal?: AbortSignal) =>
  api.get("/api/questions", () => import("@spankbank/shared/contract/questions").then((c) => c.questionList), {
    signal,
  });

export const questionsQueryOptions = queryOptions({
  queryKey: questionKeys.list(),
  queryFn: ({ signal }) => loggedFailure("Failed to fetch questions", getQuestions(signal)),
  retry: false,
});

export const useQuestions = () => useQuery(questionsQueryOptions);
