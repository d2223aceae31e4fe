import { buttonNamed, firstControl, returnFocus, SELECTED_TAB } from "@/lib/returnFocus";

/**
 * Where focus goes after an item's action (its button disabled while sending, or gone once done):
 * the item's own `action` button while it is left, else the next item's, else the selected tab.
 * "Redeem" in Inventory, "Confirm Redeem" in Redeemed.
 */
export function focusAfterItemAction(action: "Redeem" | "Confirm Redeem", name: string): void {
  returnFocus(
    () => buttonNamed(`${action} ${name}`) ?? firstControl([`button[aria-label^="${action} "]`, SELECTED_TAB]),
  );
}
