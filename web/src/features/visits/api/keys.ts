/** The visit page's query keys: every page of it under one root, so a change refreshes them all. */
export const visitKeys = {
  all: ["visits"] as const,
  page: (page: number) => [...visitKeys.all, { page }] as const,
};
