import { isBlank, text } from "@spankbank/shared/contract/common";
import { refuseUnless } from "./errors.js";

export interface TextRule {
  /** The field named in the refusal (`reason`, `text`...). */
  field: string;
  max: number;
  /** Line breaks and tabs allowed (memories, answers); one line otherwise (reasons, questions). */
  multiline?: boolean;
}

/**
 * The one rule for text a partner writes, whoever calls (web, bot, scripts): trimmed, something
 * visible, no control characters or lone surrogates, no bidi overrides or zero-width-only text,
 * line breaks only where the field is multi-line, at most `max` characters. Returns the trimmed text or throws a
 * Refusal naming the field, in words fit to show a partner. The same zod rule the server's
 * request schemas use (shared/contract/common.ts).
 */
export function cleanText(value: string, rule: TextRule): string {
  return refuseUnless(text(rule.max, { multiline: rule.multiline ?? false }), value, rule.field);
}

/** Whether a text has nothing a reader can see (so an image-only memory has no text). */
export function isBlankText(value: string): boolean {
  return isBlank(value);
}

/** A text cut to `max` characters with an ellipsis, for a ledger memo that names it. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
