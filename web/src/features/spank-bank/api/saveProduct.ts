import type { ProductBody, ProductChangeBody } from "@spankbank/shared/contract/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, changedSinceOr, isWrittenAlready } from "@/lib/api";
import { toast } from "@/lib/toast";
import { spankBankKeys } from "./keys";

/** The answer's contract, for the checks of development and tests (see api.ts). */
const productReply = () => import("@spankbank/shared/contract/products").then((c) => c.productReply);

export type ProductSave = (
  | { id?: undefined; body: ProductBody }
  /** Editing an existing product: `shown_quantity` is the quantity its form showed. */
  | { id: number; body: ProductChangeBody }
) & {
  /** The form's opening (`newWrite`): its sends are one write, whatever was corrected in between. */
  write?: string;
};

/** Lists a new product, or updates one of the partner's own. */
export function saveProduct({ id, body, write }: ProductSave) {
  return id === undefined
    ? api.postOnce("/api/products", body, productReply, { write })
    : // The stock moves by the change: sent again after a lost answer, it must move once.
      api.putOnce(`/api/products/${id}`, body, productReply, { write });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (_reply, { id }) =>
      toast.success(id === undefined ? "Product added successfully!" : "Product updated successfully!"),
    // Written already (the form was sent again, changed, after a lost answer): the form says so (closeIfWrittenAlready).
    // Changed since on another device (409): the server's words say so, and the list reads it again.
    onError: (error) =>
      isWrittenAlready(error) ||
      toast.error(changedSinceOr(error, "Failed to add or update product. Please try again.")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spankBankKeys.products() }),
  });
}
