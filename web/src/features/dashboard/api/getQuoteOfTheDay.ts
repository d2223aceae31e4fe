import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { dashboardKeys } from "./keys";

export const getQuoteOfTheDay = (signal?: AbortSignal) =>
  api.get("/api/quoteOfTheDay", () => import("@spankbank/shared/contract/questions").then((c) => c.quoteOfTheDay), {
    signal,
  });

export const quoteOfTheDayQueryOptions = queryOptions({
  queryKey: dashboardKeys.quoteOfTheDay(),
  queryFn: ({ signal }) => loggedFailure("Failed to fetch the quote of the day", getQuoteOfTheDay(signal)),
  retry: false,
});

export const useQuoteOfTheDay = () => useQuery(quoteOfTheDayQueryOptions);
