import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { loggedFailure } from "@/lib/loggedFailure";
import { memoryKeys } from "./keys";

/** One day's memories (YYYY-MM-DD on the couple's calendar), oldest first, a page at a time. */
export const getTimelineDay = (date: string, page: number, signal?: AbortSignal) =>
  api.get("/api/timeline/day", () => import("@spankbank/shared/contract/timeline").then((c) => c.timelineDayPage), {
    query: { date, page },
    signal,
    cache: "no-store",
  });

export const timelineDayQueryOptions = (date: string, page: number) =>
  queryOptions({
    queryKey: memoryKeys.timelineDay(date, page),
    queryFn: ({ signal }) => loggedFailure("Failed to fetch the day's memories", getTimelineDay(date, page, signal)),
    retry: false,
  });

export const useTimelineDay = (date: string, page: number) => useQuery(timelineDayQueryOptions(date, page));
