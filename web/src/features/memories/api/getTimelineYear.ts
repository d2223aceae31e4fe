import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { memoryKeys } from "./keys";

/** How many memories each day of `year` holds (without a year: this year on the couple's calendar). */
export const getTimelineYear = (year: number | undefined, signal?: AbortSignal) =>
  api.get("/api/timeline", () => import("@spankbank/shared/contract/timeline").then((c) => c.timelineYear), {
    query: { year },
    signal,
    cache: "no-store",
  });

export const timelineYearQueryOptions = (year: number | undefined) =>
  queryOptions({
    queryKey: memoryKeys.timelineYear(year),
    queryFn: ({ signal }) => loggedFailure("Failed to fetch the timeline", getTimelineYear(year, signal)),
    // The year being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useTimelineYear = (year: number | undefined) => useQuery(timelineYearQueryOptions(year));
