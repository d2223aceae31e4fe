/** Anything a reader can see: not whitespace, zero-width or a bidi control (U+200B, U+202E...). */
const VISIBLE = /[^\s\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/**
 * Whether a text has nothing a reader can see (empty, whitespace, zero-width or bidi controls only).
 * Apart from the contract's rules (zod), so a page's first load can check a field without them.
 */
export function isBlank(value: string): boolean {
  return !VISIBLE.test(value);
}
