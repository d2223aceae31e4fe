/** Letters for later's query keys: every read of the feature under `all`, for reads and refreshes alike. */
export const laterLetterKeys = {
  all: ["later-letters"] as const,
  list: () => [...laterLetterKeys.all, "list"] as const,
};
