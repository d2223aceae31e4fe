import type { Product } from "@spankbank/shared/contract/products";
import { ConfirmModal } from "@/components/ConfirmModal";
import { useRemoveProduct } from "../api/removeProduct";

/** 'Confirm Removal' for one of the partner's own products. */
export function ConfirmRemovalModal({ product, onClose }: { product: Product | undefined; onClose: () => void }) {
  const remove = useRemoveProduct();
  return (
    <ConfirmModal
      opened={product !== undefined}
      title="Confirm Removal"
      closeLabel="Close without removing"
      keepLabel="Cancel"
      confirmLabel="Yes, Remove"
      pending={remove.isPending}
      onConfirm={() =>
        product && remove.mutate({ id: product.id, basedOn: product.updated_at }, { onSettled: onClose })
      }
      onClose={onClose}
    >
      {`Are you sure you want to remove the product "${product?.name ?? ""}"?`}
    </ConfirmModal>
  );
}
