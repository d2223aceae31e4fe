import type { Product } from "@spankbank/shared/contract/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { inventoryKeys } from "@/features/inventory/api/keys";
import { signedInNow } from "@/features/session/api/keys";
import { ApiError, api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { spankTotalQueryOptions } from "./getSpankTotal";
import { spankBankKeys } from "./keys";

/**
 * Buys one unit as the buyer saw it: the server refuses (409) if the price changed, or if the seller
 * changed the favour since the page showed it (`based_on`, a page painted from the kept cache).
 */
export function postPurchase(product: Product) {
  return api.postOnce(
    "/api/purchase",
    { productId: product.id, quantity: 1, expectedPrice: product.price, based_on: product.updated_at },
    () => import("@spankbank/shared/contract/economy").then((c) => c.purchaseReply),
  );
}

/**
 * The toast text for a failed purchase (SPEC section 8). The refusal's schema (and zod) is imported
 * when a purchase fails, not with the Shop; if even that import fails, the generic text is shown.
 */
export async function purchaseFailureMessage(error: unknown): Promise<string> {
  if (error instanceof ApiError) {
    const [economy] = await Promise.all([
      import("@spankbank/shared/contract/economy").catch(() => undefined),
      import("@/lib/zod").catch(() => undefined),
    ]);
    const refusal = economy?.purchaseRefusal.safeParse(error.body);
    if (refusal?.success) return refusal.data.message || "Failed to purchase product.";
  }
  return "Failed to purchase product. Please try again.";
}

export function usePurchaseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPurchase,
    // Who bought: on a shared device the other partner may have signed in before its answer came.
    onMutate: () => ({ sentBy: signedInNow(queryClient) }),
    onSuccess: (reply, _product, sent) => {
      // The answer is the buyer's total: it is "You have N spanks" only while they are signed in.
      if (sent?.sentBy === signedInNow(queryClient)) {
        queryClient.setQueryData(spankTotalQueryOptions.queryKey, reply.newSpankTotal);
      }
      toast.success(reply.message);
    },
    onError: async (error) => toast.error(await purchaseFailureMessage(error)),
    // Success or refusal (sold out, price changed), the Shop shows what is true now.
    onSettled: (_reply, error) => {
      void queryClient.invalidateQueries({ queryKey: spankBankKeys.products() });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.items() });
      void queryClient.invalidateQueries({ queryKey: spankBankKeys.transactions() });
      if (error) void queryClient.invalidateQueries({ queryKey: spankTotalQueryOptions.queryKey });
    },
  });
}
