import type { InventoryPage, RedeemBody } from "@spankbank/shared/contract/inventory";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { inventoryKeys } from "./keys";

/** Redeems one unit of an inventory item, with a note and a wished time when the buyer added them. */
export function postRedeem(redeem: number | Redeem) {
  const { write, ...body } = typeof redeem === "number" ? { itemId: redeem } : redeem;
  return api.postOnce(
    "/api/redeem",
    body,
    () => import("@spankbank/shared/contract/inventory").then((c) => c.redeemReply),
    { write },
  );
}

/** `write`: the note modal's write (`newWrite`), one from opening to closing, whatever was corrected. */
export type Redeem = RedeemBody & { write?: string };

export function useRedeemItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRedeem,
    // SPEC section 4: the quantity drops locally and the card goes at 0; then the redeemed list reloads.
    onSuccess: ({ remainingQuantity }, redeem) => {
      const itemId = typeof redeem === "number" ? redeem : redeem.itemId;
      queryClient.setQueriesData({ queryKey: inventoryKeys.items() }, (page: InventoryPage | undefined) =>
        page === undefined
          ? page
          : {
              ...page,
              inventory: page.inventory
                .map((item) => (item.id === itemId ? { ...item, quantity: remainingQuantity } : item))
                .filter((item) => item.quantity > 0),
            },
      );
      return queryClient.invalidateQueries({ queryKey: inventoryKeys.redeemed() });
    },
    // SPEC section 8: a failed redeem is only logged.
    // A lost answer, or a 422 (written already), may have redeemed it: the lists are read again.
    onError: (error) => {
      console.error("Failed to redeem item", error);
      return queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
}
