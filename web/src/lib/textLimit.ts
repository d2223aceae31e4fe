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
