import { z } from "zod";
import { clockTime } from "../dayWindows.js";
import { isCalendarDate, OPEN_WHEN_MOMENTS } from "../letterMoments.js";
import { LATER_LETTER_MAX } from "../limits.js";
import { isoDate, pageQuery, text } from "./common.js";

/** When a letter for later opens. */
export const letterOpening = z.discriminatedUnion(
  "kind",
  [
    /** At `time` on `date`, on the recipient's own clock. */
    z.object({
      kind: z.literal("date"),
      date: z.string().refine(isCalendarDate, "must be a calendar date (YYYY-MM-DD)"),
      time: clockTime,
    }),
    /** At 08:00 on the recipient's clock, on the couple's next anniversary. */
    z.object({ kind: z.literal("anniversary") }),
    /** Whenever the recipient needs it: opening it is theirs to do. */
    z.object({ kind: z.literal("openWhen"), moment: z.enum(OPEN_WHEN_MOMENTS) }),
  ],
  { error: 'must be {kind:"date", date, time}, {kind:"anniversary"} or {kind:"openWhen", moment}' },
);
export type LetterOpening = z.infer<typeof letterOpening>;

/** POST /api/later-letters and PUT /api/later-letters/{id}: the text and its moment. */
export const laterLetterBody = z.object({
  text: text(LATER_LETTER_MAX, { multiline: true }),
  opening: letterOpening,
});
export type LaterLetterBody = z.infer<typeof laterLetterBody>;

/**
 * PUT /api/later-letters/{id}: `based_on` is the `updated_at` of the letter as the form showed it.
 * A letter sealed again since (on another device) is refused, not overwritten.
 */
export const laterLetterChangeBody = laterLetterBody.extend({ based_on: isoDate.optional() });
export type LaterLetterChangeBody = z.infer<typeof laterLetterChangeBody>;

/**
 * DELETE /api/later-letters/{id}: `based_on` is the `updated_at` of the letter as the page showed it.
 * Required, unlike a rewrite's: a take-back cannot be undone, so words sealed again since (on another
 * device) are never deleted unseen, and a page too old to send it is asked to reload.
 */
export const laterLetterTakeBackQuery = z.object({
  based_on: z.iso.datetime({
    error: (issue) =>
      issue.input === undefined
        ? "required: the letter's updated_at as the page showed it (reload the page, then take it back)"
        : undefined,
  }),
});
export type LaterLetterTakeBackQuery = z.infer<typeof laterLetterTakeBackQuery>;

/**
 * sealed: its moment has not come (a dated or anniversary letter); ready: it may be opened now
 * (its moment came, or an "open when..." letter); open: the recipient has opened it.
 */
export const LATER_LETTER_STATES = ["sealed", "ready", "open"] as const;
export type LaterLetterState = (typeof LATER_LETTER_STATES)[number];

/**
 * A letter for later on the wire. `text` is null in the recipient's list until they open it (the
 * server never sends a sealed letter's text to its recipient); the writer always has it.
 */
export const laterLetter = z.object({
  id: z.int(),
  from: z.string(),
  to: z.string(),
  opening: letterOpening,
  /** When it opens (null for "open when..."). */
  opens_at: isoDate.nullable(),
  state: z.enum(LATER_LETTER_STATES),
  text: z.string().nullable(),
  written_at: isoDate,
  updated_at: isoDate,
  /** When the recipient opened it. */
  opened_at: isoDate.nullable(),
});
export type LaterLetter = z.infer<typeof laterLetter>;

/**
 * GET /api/later-letters?to_you_page=&from_you_page=: a page of the letters to you and a page of the
 * letters you wrote (LATER_LETTERS_PER_PAGE of each, newest first), each list paged by itself, and
 * the couple's anniversary ("MM-DD") if set. `page` asks for that page of both lists (how a page of
 * an earlier version, still open on a phone, asks); a list's own page wins over it.
 */
export const laterLettersQuery = z.object({
  page: pageQuery.shape.page,
  to_you_page: pageQuery.shape.page,
  from_you_page: pageQuery.shape.page,
});
export const laterLettersReply = z.object({
  to_you: z.array(laterLetter),
  from_you: z.array(laterLetter),
  anniversary: z.string().nullable(),
  to_you_page: z.int(),
  to_you_page_count: z.int(),
  from_you_page: z.int(),
  from_you_page_count: z.int(),
  /** `page` as asked, within the longer list's pages, and their count: what a page of an earlier version reads. */
  page: z.int(),
  pageCount: z.int(),
  to_you_total: z.int(),
  from_you_total: z.int(),
  /** Letters to you, dated or anniversary, whose moment has come and that are not opened yet, on any page. */
  to_you_waiting: z.int(),
});
export type LaterLettersReply = z.infer<typeof laterLettersReply>;

export const laterLetterReply = z.object({ letter: laterLetter });
export type LaterLetterReply = z.infer<typeof laterLetterReply>;
