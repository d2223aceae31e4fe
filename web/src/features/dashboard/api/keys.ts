/** The dashboard's own query keys (its memory and question cards read their features' keys). */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  quoteOfTheDay: () => [...dashboardKeys.all, "quote-of-the-day"] as const,
};
