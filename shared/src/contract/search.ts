import { z } from "zod";
import { PAGE_MAX, SEARCH_MAX } from "../limits.js";
import { isoDate } from "./common.js";

/** What a search looks through, each a group of the results. */
export const searchKinds = ["memory", "answer", "later_letter", "letter", "favour"] as const;
export const searchKind = z.enum(searchKinds);
export type SearchKind = z.infer<typeof searchKind>;

/**
 * `GET /api/search?q=&kind=&page=`: `q` is words (each also finds words it starts, accents and
 * case ignored); without `kind`, every kind's page; with it, that kind's alone.
 */
export const searchQuery = z.object({
  q: z.string().trim().min(1, "must not be empty").max(SEARCH_MAX),
  kind: searchKind.optional(),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A piece of a result's excerpt: `match` pieces are what the search found. */
export const excerptPart = z.object({ text: z.string(), match: z.boolean() });
export type ExcerptPart = z.infer<typeof excerptPart>;

/**
 * One thing found. Where it lives: a memory on its board page (`board_page`), an answer under its
 * question (`question`, `question_id`), a favour by its `title` (name).
 */
export const searchResult = z.object({
  kind: searchKind,
  id: z.int(),
  excerpt: z.array(excerptPart),
  /** Who wrote it (a memory's and an answer's response name, a letter's or favour's username). */
  username: z.string(),
  created_at: isoDate,
  title: z.string().optional(),
  question_id: z.int().optional(),
  board_page: z.int().optional(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchGroup = z.object({
  kind: searchKind,
  results: z.array(searchResult),
  /** What was found, counted up to SEARCH_COUNT_MAX; `more` when there is more than that. */
  total: z.int(),
  more: z.boolean(),
  page: z.int(),
  pageCount: z.int(),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchReply = z.object({ groups: z.array(searchGroup) });
export type SearchReply = z.infer<typeof searchReply>;

/** A group's count as the partner reads it: "12", or "500+" when more were found than were counted. */
export const foundCount = (group: Pick<SearchGroup, "total" | "more">) => `${group.total}${group.more ? "+" : ""}`;
