import { z } from "zod";
import { LETTER_MAX } from "../limits.js";
import { isoDate } from "./common.js";

/** Control characters (C0, DEL, C1) except the newline that separates lines and paragraphs. */
const CONTROL_BUT_NEWLINE = /[^\P{Cc}\n]/u;
/** Whitespace plus the invisible zero-width and bidi characters: a letter of only these is blank. */
const INVISIBLE = /[\s\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * A letter's text: plain text, paragraphs separated by blank lines, *emphasis* and **strong**
 * written with asterisks. Windows line ends become newlines; outer whitespace is trimmed.
 */
export const letterText = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .max(LETTER_MAX, `must be at most ${LETTER_MAX} characters`)
      .refine((text) => !CONTROL_BUT_NEWLINE.test(text), "must not contain control characters")
      .refine((text) => text.replace(INVISIBLE, "") !== "", "must not be empty"),
  );

export const letterBody = z.object({
  text: letterText,
  /**
   * The `updated_at` of your letter these words were written over (null: you had none yet). When
   * given and your letter was saved since (on another device), nothing is written: 409.
   */
  basedOn: isoDate.nullable().optional(),
});
export type LetterBody = z.infer<typeof letterBody>;

export const letter = z.object({ text: z.string(), updated_at: isoDate });
export type Letter = z.infer<typeof letter>;

/**
 * GET /api/letter: `letter` is the one the partner wrote to you (null until they write it),
 * `draft` is your own to them (null until you write it), for the editor.
 */
export const letterReply = z.object({ letter: letter.nullable(), draft: letter.nullable() });
export type LetterReply = z.infer<typeof letterReply>;
