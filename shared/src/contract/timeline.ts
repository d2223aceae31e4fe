import { z } from "zod";
import { isCalendarDate } from "../letterMoments.js";
import { PAGE_MAX, YEAR_SHOWN_MAX, YEAR_SHOWN_MIN } from "../limits.js";
import { memory } from "./memories.js";

/** A day on the couple's calendar (their zone), YYYY-MM-DD, within the years the timeline shows. */
export const timelineDate = z
  .string()
  .refine(isCalendarDate, "must be a calendar date (YYYY-MM-DD)")
  .refine(
    (date) => date >= `${YEAR_SHOWN_MIN}-01-01` && date <= `${YEAR_SHOWN_MAX}-12-31`,
    `must be between ${YEAR_SHOWN_MIN}-01-01 and ${YEAR_SHOWN_MAX}-12-31`,
  );

/** `GET /api/timeline?year=`: without a year, this year on the couple's calendar. */
export const timelineYearQuery = z.object({
  year: z.coerce.number().int().min(YEAR_SHOWN_MIN).max(YEAR_SHOWN_MAX).optional(),
});
export type TimelineYearQuery = z.infer<typeof timelineYearQuery>;

/** A day holding memories, and how many. */
export const timelineDay = z.object({ date: z.string(), count: z.int().positive() });
export type TimelineDay = z.infer<typeof timelineDay>;

/** One year of the timeline: only the days holding memories, in date order (at most 366, so small at any age). */
export const timelineYear = z.object({
  year: z.int(),
  /** Today on the couple's calendar. */
  today: z.string(),
  /** The year of the oldest memory on the board (this year when there is none): the selector's first. */
  first_year: z.int(),
  /** Memories on the board this year. */
  total: z.int(),
  days: z.array(timelineDay),
});
export type TimelineYear = z.infer<typeof timelineYear>;

/** `GET /api/timeline/day?date=&page=`: one day's memories, oldest first. */
export const timelineDayQuery = z.object({
  date: timelineDate,
  page: z.coerce.number().int().min(1).max(PAGE_MAX).optional(),
});
export type TimelineDayQuery = z.infer<typeof timelineDayQuery>;

/** A memory of the day with its page of the memory board (the board is newest first). */
export const timelineMemory = memory.extend({ board_page: z.int().positive() });
export type TimelineMemory = z.infer<typeof timelineMemory>;

export const timelineDayPage = z.object({
  date: z.string(),
  memories: z.array(timelineMemory),
  page: z.int(),
  pageCount: z.int(),
  total: z.int(),
});
export type TimelineDayPage = z.infer<typeof timelineDayPage>;
