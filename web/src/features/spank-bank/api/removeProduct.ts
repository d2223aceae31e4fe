import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { spankBankKeys } from "./keys";

/** Takes one of the partner's own products off the Shop (what was bought stays bought). */
export function removeProduct(id: number) {
  return api.delete(`/api/products/${id}`);
}

export function useRemoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProduct,
    onSuccess: () => toast.success("Product removed successfully!"),
    onError: () => toast.error("Failed to remove product. Please try again."),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spankBankKeys.products() }),
  });
}
