/** The Christmas letter's query keys. */
export const letterKeys = {
  all: ["letter"] as const,
  letters: () => [...letterKeys.all, "letters"] as const,
};
