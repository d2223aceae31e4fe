import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, changedSinceOr } from "@/lib/api";
import { toast } from "@/lib/toast";
import { spankBankKeys } from "./keys";

/**
 * Takes one of the partner's own products off the Shop (what was bought stays bought), as the page
 * showed it (`basedOn`, its `updated_at`): one changed since on another device stays, and the page says so.
 */
export function removeProduct({ id, basedOn }: { id: number; basedOn: string }) {
  return api.delete(`/api/products/${id}`, { query: { based_on: basedOn } });
}

export function useRemoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProduct,
    onSuccess: () => toast.success("Product removed successfully!"),
    onError: (error) => toast.error(changedSinceOr(error, "Failed to remove product. Please try again.")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spankBankKeys.products() }),
  });
}
