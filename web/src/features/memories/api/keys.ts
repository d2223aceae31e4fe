/** The memories' query keys: `all` refreshes every memory read (board pages, trash, dashboard cards). */
export const memoryKeys = {
  all: ["memories"] as const,
  page: (page: number) => [...memoryKeys.all, "page", page] as const,
  trash: (page: number) => [...memoryKeys.all, "trash", page] as const,
  latest: () => [...memoryKeys.all, "latest"] as const,
  onThisDay: () => [...memoryKeys.all, "on-this-day"] as const,
  /** A year of the timeline; `undefined` is this year on the couple's calendar. */
  timelineYear: (year: number | undefined) => [...memoryKeys.all, "timeline", year ?? "this year"] as const,
  timelineDay: (date: string, page: number) => [...memoryKeys.all, "timeline", "day", date, page] as const,
};
