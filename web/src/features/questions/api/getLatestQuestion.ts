import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { questionKeys } from "./keys";

export const getLatestQuestion = (signal?: AbortSignal) =>
  api.get("/api/latestQuestion", () => import("@spankbank/shared/contract/questions").then((c) => c.latestQuestion), {
    signal,
    cache: "no-store",
  });

export const latestQuestionQueryOptions = queryOptions({
  queryKey: questionKeys.latest(),
  queryFn: ({ signal }) => loggedFailure("Failed to fetch the latest question", getLatestQuestion(signal)),
  retry: false,
});

export const useLatestQuestion = () => useQuery(latestQuestionQueryOptions);
