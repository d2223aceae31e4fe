/**
 * The one rule for every number a partner types (price, use within, duration, distance,
 * calories): the field holds the text as typed, and a text that is not the number it looks like
 * is refused with a message naming the field. Nothing is ever dropped or multiplied: `45.5`
 * minutes is refused, never read as 455, and `7,50` is never 750.
 */
export interface NumberRule {
  /** The field's name as the message says it: "Duration", "Price". */
  label: string;
  min: number;
  max: number;
  /** Whole numbers only (the server stores an integer), or up to two decimals. */
  whole: boolean;
  /** What the number counts, said in the message: "of minutes". */
  of?: string;
  /** An empty field: "required", "optional" (no number), or the number it means (a price's 0). */
  empty: "required" | "optional" | number;
}

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d{1,2})?$/;

/** "Duration must be a whole number of minutes from 1 to 1440." */
export function numberRuleMessage(rule: NumberRule): string {
  const kind = rule.whole ? "a whole number" : "a number";
  const of = rule.of ? ` ${rule.of}` : "";
  const orEmpty = rule.empty === "optional" ? ", or empty" : "";
  return `${rule.label} must be ${kind}${of} from ${rule.min} to ${rule.max}${orEmpty}.`;
}

/** The number the text means, or why it cannot be sent. */
export function readNumber(
  typed: string,
  rule: NumberRule,
): { value: number | null; error: null } | { value: null; error: string } {
  const text = typed.trim();
  if (text === "") {
    if (rule.empty === "required") return { value: null, error: `${rule.label} is required` };
    return { value: rule.empty === "optional" ? null : rule.empty, error: null };
  }
  const value = Number(text);
  const shaped = (rule.whole ? WHOLE : DECIMAL).test(text);
  if (!shaped || value < rule.min || value > rule.max) return { value: null, error: numberRuleMessage(rule) };
  return { value, error: null };
}

/** Why the text cannot be sent, or null when it can. */
export const numberError = (typed: string, rule: NumberRule): string | null => readNumber(typed, rule).error;

/** The keyboard a phone shows for the rule: digits, or digits with a decimal point. */
export const numberInputMode = (rule: NumberRule) => (rule.whole ? "numeric" : "decimal");
