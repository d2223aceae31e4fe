/** The daily questions' query keys: `all` refreshes the Q&A pages and the dashboard card. */
export const questionKeys = {
  all: ["questions"] as const,
  page: (page: number, search: string) => [...questionKeys.all, "page", page, search] as const,
  latest: () => [...questionKeys.all, "latest"] as const,
};
