import { z } from "zod";
import { isBlank } from "../blank.js";
import { PAGE_MAX, PAGE_SIZE_MAX } from "../limits.js";

/** Fastify's error shape, used by every non-2xx answer. */
export const errorBody = z.object({ statusCode: z.int(), error: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Dates on the wire are ISO 8601 in UTC. */
export const isoDate = z.iso.datetime();

const DECIMAL_ID = /^[1-9][0-9]{0,14}$/;
const NOT_AN_ID = "must be a plain decimal id (1, 2, 3...)";

/**
 * An id as a path segment: plain decimal digits only, so "0x1", "1e0", " 1" and "01" are 400
 * rather than a second spelling of id 1.
 */
export const id = z.string().regex(DECIMAL_ID, NOT_AN_ID).transform(Number);
export const idParams = z.object({ id });

/** An id in a JSON body: a positive integer, or the same plain decimal digits as a string. */
export const bodyId = z.union([z.int().positive().max(Number.MAX_SAFE_INTEGER), id], { error: NOT_AN_ID });

/**
 * `?page=&pageSize=` of a paged list (from the query's text: "3" is 3). Both optional: a list asked
 * for without either answers its plain, windowed form.
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).optional(),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});

/** The spec's optional `username` parameter: when given, it must name the signed-in user. */
export const usernameQuery = z.object({ username: z.string().min(1).max(64).optional() });

/** C0 and C1 control characters (NUL trips SQLite's length checks); tab, CR and LF are judged apart. */
const CONTROL = /[^\P{Cc}\t\n\r]/u;
/** A line break in any form (Unicode's line and paragraph separators too: they break a line as \n does), or a tab. */
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
/** Half of a surrogate pair on its own: no character at all, and stored as U+FFFD, not as written. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Direction embeddings, overrides and isolates: they make text read otherwise than it is stored. */
const DIRECTION_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * The trimmed, length-limited text the server accepts for names, descriptions and answers:
 * something visible, no control characters, lone surrogates or direction overrides, and line
 * breaks (and tabs) only where the field is multi-line.
 */
export const text = (max: number, { multiline = false }: { multiline?: boolean } = {}) => {
  const refusal = multiline ? "must not contain control characters" : "must be one line without control characters";
  return (
    z
      .string()
      // Before trimming: a control character that trim() would drop (\v, \f) is still refused.
      .refine((value) => !CONTROL.test(value), { error: refusal, abort: true })
      .refine((value) => !LONE_SURROGATE.test(value), { error: "must not contain broken characters", abort: true })
      .trim()
      .min(1, "must not be empty")
      .max(max, `must be at most ${max} characters`)
      // Nothing visible is one refusal: a bidi-only name is empty, not also "overridden".
      .refine((value) => !isBlank(value), { error: "must not be empty", abort: true })
      .refine((value) => !DIRECTION_OVERRIDE.test(value), "must not contain right-to-left or other direction overrides")
      .refine((value) => multiline || !LINE_BREAK_OR_TAB.test(value), refusal)
  );
};

export { isBlank };
