/** The daily questions' query keys: `all` refreshes the Q&A pages and the dashboard card. */
export const questionKeys = {
  all: ["questions"] as const,
  page: (page: number, search: string, guessed = false) =>
    [...questionKeys.all, "page", page, search, guessed] as const,
  /** "Alex knows Sam: 7 of the last 10": rated guesses, refreshed with the questions. */
  guessRecord: () => [...questionKeys.all, "guess-record"] as const,
  latest: () => [...questionKeys.all, "latest"] as const,
};
