import type { SearchKind } from "@spankbank/shared/contract/search";

/** The search's query keys: `all` after any write a search may find (not needed: each search is read fresh). */
export const searchKeys = {
  all: ["search"] as const,
  results: (q: string, kind: SearchKind | undefined, page: number) =>
    [...searchKeys.all, q, kind ?? "every", page] as const,
};
