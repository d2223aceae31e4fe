import { useMutation, useQueryClient } from "@tanstack/react-query";
import { spankBankKeys } from "@/features/spank-bank/api/keys";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { inventoryKeys } from "./keys";

/** The buyer says the favour was delivered: the seller is paid from escrow. Pressed again, it happens once. */
export function postConfirmRedemption(itemId: number) {
  return api.postOnce("/api/confirm-redeem", { itemId }, () =>
    import("@spankbank/shared/contract/inventory").then((c) => c.confirmRedeemReply),
  );
}

export function useConfirmRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postConfirmRedemption,
    // The spec's two alerts, as the app's toasts instead of window.alert.
    onSuccess: () => toast.success("Redemption confirmed successfully."),
    onError: () => toast.error("Failed to confirm redemption."),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.redeemed() });
      void queryClient.invalidateQueries({ queryKey: spankBankKeys.transactions() });
    },
  });
}
