import { firstControl, returnFocus } from "@/lib/returnFocus";

/**
 * Where focus goes after a redeem: the item's own Redeem button while it is left (disabled while
 * sending), else the next item's, else the selected tab.
 */
export function focusAfterRedeem(name: string): void {
  returnFocus(
    () =>
      [...document.querySelectorAll<HTMLElement>('button[aria-label^="Redeem "]')].find(
        (button) => button.getAttribute("aria-label") === `Redeem ${name}`,
      ) ?? firstControl(['button[aria-label^="Redeem "]', '[role="tab"][aria-selected="true"]']),
  );
}
