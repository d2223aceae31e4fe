import { QUESTIONS_PER_PAGE } from "@spankbank/shared/limits";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { questionKeys } from "./keys";

/** One page of the Q&A: the questions whose text holds `search`, newest first; `guessed`, only those with a guess. */
export const getQuestionPage = (page: number, search: string, guessed: boolean, signal?: AbortSignal) =>
  api.get("/api/questions", () => import("@spankbank/shared/contract/questions").then((c) => c.questionsPage), {
    query: { page, pageSize: QUESTIONS_PER_PAGE, search: search || undefined, guessed: guessed ? "true" : undefined },
    signal,
  });

export const questionPageQueryOptions = (page: number, search: string, guessed = false) =>
  queryOptions({
    queryKey: questionKeys.page(page, search, guessed),
    queryFn: ({ signal }) => loggedFailure("Failed to fetch questions", getQuestionPage(page, search, guessed, signal)),
    // The page being left stays on screen until the next one arrives: no flash of 'Loading...'.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useQuestionPage = (page: number, search: string, guessed = false) =>
  useQuery(questionPageQueryOptions(page, search, guessed));
