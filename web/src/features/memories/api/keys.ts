/** The memories' query keys: `all` refreshes every memory read (board pages, trash, dashboard cards). */
export const memoryKeys = {
  all: ["memories"] as const,
  page: (page: number) => [...memoryKeys.all, "page", page] as const,
  trash: (page: number) => [...memoryKeys.all, "trash", page] as const,
  latest: () => [...memoryKeys.all, "latest"] as const,
  onThisDay: () => [...memoryKeys.all, "on-this-day"] as const,
};
