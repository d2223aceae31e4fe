import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { ourYearKeys } from "./keys";

/** One year's figures for the charts; without a year, this one on your calendar. */
export function getOurYear(year: number | undefined, signal?: AbortSignal) {
  return api.get(
    year === undefined ? "/api/our-year" : `/api/our-year?year=${year}`,
    () => import("@spankbank/shared/contract/ourYear").then((c) => c.ourYearReply),
    { signal },
  );
}

export const ourYearQueryOptions = (year: number | undefined) =>
  queryOptions({
    queryKey: ourYearKeys.year(year),
    queryFn: ({ signal }) => getOurYear(year, signal),
    // Another year keeps the charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
  });

export const useOurYear = (year: number | undefined) => useQuery(ourYearQueryOptions(year));
