import { plural } from "@spankbank/shared/spanks";
import { counterBelow } from "@/components/ModalForm";
import classes from "./textLimit.module.css";

/**
 * A long text the server takes up to `max` characters of (trimmed, as it counts). The field never
 * cuts it (a browser's maxLength drops the end of a pasted letter without a word): past the limit
 * it is kept whole, and says by how much to shorten it.
 */
export const isTooLong = (value: string, max: number): boolean => value.trim().length > max;

/** A Mantine Textarea's or TextInput's props for a text with a limit: its count below it, and past the limit, the error. */
export function textLimitProps(value: string, max: number) {
  const over = value.trim().length - max;
  return {
    description: `${value.length}/${max}`,
    inputWrapperOrder: counterBelow,
    classNames: { input: classes.keptInk },
    error: over > 0 ? `${plural(over, "character", "characters")} too long: shorten it to save.` : undefined,
  };
}

/**
 * `value` cut to `max` characters as the server counts them (UTF-16 units), never in the middle of
 * an emoji: half of one is a broken character the server refuses, so the form could never be sent.
 */
export function cutTo(value: string, max: number): string {
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
