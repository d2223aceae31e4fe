import { SEARCH_PREFIX_MIN, SEARCH_TERMS_MAX } from "@spankbank/shared/limits";

/**
 * The words of what a partner typed, as SQLite's unicode61 tokenizer reads text: runs of letters,
 * digits and marks. Everything else (quotes, `*`, `NEAR`, `:` and the rest of FTS5's syntax)
 * only separates words, so no typed text is ever read as a query's syntax.
 */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/**
 * The FTS5 query for typed text: each word quoted, and followed by `*` (also finding words it
 * starts) from SEARCH_PREFIX_MIN characters; all words must be found. Null when nothing typed is a word.
 */
export function ftsQueryOf(typed: string): string | null {
  const words = [...new Set(typed.match(WORD) ?? [])].slice(0, SEARCH_TERMS_MAX);
  if (words.length === 0) return null;
  return words.map((word) => `"${word}"${[...word].length >= SEARCH_PREFIX_MIN ? "*" : ""}`).join(" ");
}

/** Where snippet() marks a match: control characters, which no stored text may hold. */
export const MATCH_START = "\u0001";
export const MATCH_END = "\u0002";

/** An excerpt as pieces: what the search found (`match`) and the text around it. */
export interface ExcerptPart {
  text: string;
  match: boolean;
}

/** Splits an excerpt marked by snippet() into its pieces. */
export function excerptParts(marked: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  for (const [index, piece] of marked.split(MATCH_START).entries()) {
    if (index === 0) {
      if (piece !== "") parts.push({ text: piece, match: false });
      continue;
    }
    const [found = "", after = ""] = piece.split(MATCH_END);
    if (found !== "") parts.push({ text: found, match: true });
    if (after !== "") parts.push({ text: after, match: false });
  }
  return parts;
}
