import { purchaseRefusal, purchaseReply } from "@spankbank/shared/contract/economy";
import type { Product } from "@spankbank/shared/contract/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { inventoryKeys } from "@/features/inventory/api/keys";
import { ApiError, api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { spankTotalQueryOptions } from "./getSpankTotal";
import { spankBankKeys } from "./keys";

interface Purchase {
  product: Product;
  /** A fresh key per click: a retried request of the same click happens once on the server. */
  idempotencyKey: string;
}

/** Buys one unit at the price the buyer saw; the server refuses (409) if it changed. */
export function postPurchase({ product, idempotencyKey }: Purchase) {
  return api.post(
    "/api/purchase",
    { productId: product.id, quantity: 1, expectedPrice: product.price },
    purchaseReply,
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
}

/** The toast text for a failed purchase (SPEC section 8). */
export function purchaseFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const refusal = purchaseRefusal.safeParse(error.body);
    if (refusal.success) return refusal.data.message || "Failed to purchase product.";
  }
  return "Failed to purchase product. Please try again.";
}

export function usePurchaseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPurchase,
    onSuccess: (reply) => {
      queryClient.setQueryData(spankTotalQueryOptions.queryKey, reply.newSpankTotal);
      toast.success(reply.message);
    },
    onError: (error) => toast.error(purchaseFailureMessage(error)),
    // Success or refusal (sold out, price changed), the Shop shows what is true now.
    onSettled: (_reply, error) => {
      void queryClient.invalidateQueries({ queryKey: spankBankKeys.products() });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.items() });
      void queryClient.invalidateQueries({ queryKey: spankBankKeys.transactions() });
      if (error) void queryClient.invalidateQueries({ queryKey: spankTotalQueryOptions.queryKey });
    },
  });
}
