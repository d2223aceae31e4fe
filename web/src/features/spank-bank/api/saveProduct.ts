import type { ProductBody } from "@spankbank/shared/contract/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
import { spankBankKeys } from "./keys";

/** The answer's contract, for the checks of development and tests (see api.ts). */
const productReply = () => import("@spankbank/shared/contract/products").then((c) => c.productReply);

export interface ProductSave {
  /** Set when editing an existing product. */
  id?: number;
  body: ProductBody;
}

/** Lists a new product, or updates one of the partner's own. */
export function saveProduct({ id, body }: ProductSave) {
  return id === undefined
    ? api.postOnce("/api/products", body, productReply)
    : api.put(`/api/products/${id}`, body, productReply);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (_reply, { id }) =>
      toast.success(id === undefined ? "Product added successfully!" : "Product updated successfully!"),
    onError: () => toast.error("Failed to add or update product. Please try again."),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spankBankKeys.products() }),
  });
}
