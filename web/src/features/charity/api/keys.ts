/** The charity page's query keys: every read of the feature under `all`, for reads and refreshes alike. */
export const charityKeys = {
  all: ["charity"] as const,
  total: (charityName: string) => [...charityKeys.all, "total", charityName] as const,
};
