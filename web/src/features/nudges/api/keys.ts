/** "Thinking of you"'s query keys: today's counts, refreshed by every tap. */
export const nudgeKeys = {
  all: ["nudges"] as const,
  today: () => [...nudgeKeys.all, "today"] as const,
};
