import type { LetterPages } from "./getLaterLetters";

/** Letters for later's query keys: every read of the feature under `all`, for reads and refreshes alike. */
export const laterLetterKeys = {
  all: ["later-letters"] as const,
  page: ({ toYou, fromYou }: LetterPages) => [...laterLetterKeys.all, "page", toYou, fromYou] as const,
  letter: (id: number) => [...laterLetterKeys.all, "letter", id] as const,
  /** The writes (seal, rewrite): a form mounted again sees one still on its way. */
  write: ["later-letters", "write"] as const,
};
