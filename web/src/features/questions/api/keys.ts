/** The daily questions' query keys: `all` refreshes the Q&A list and the dashboard card. */
export const questionKeys = {
  all: ["questions"] as const,
  list: () => [...questionKeys.all, "list"] as const,
  latest: () => [...questionKeys.all, "latest"] as const,
};
