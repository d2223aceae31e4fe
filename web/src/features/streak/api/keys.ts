/** The couple's streak's query keys. */
export const streakKeys = {
  all: ["streak"] as const,
};
