import { Button, Group, Modal, Text } from "@mantine/core";
import type { Product } from "@spankbank/shared/contract/products";
import { useRemoveProduct } from "../api/removeProduct";

/** 'Confirm Removal' for one of the partner's own products. */
export function ConfirmRemovalModal({ product, onClose }: { product: Product | undefined; onClose: () => void }) {
  const remove = useRemoveProduct();
  return (
    <Modal
      opened={product !== undefined}
      onClose={onClose}
      title="Confirm Removal"
      closeButtonProps={{ "aria-label": "Close without removing" }}
      centered
    >
      <Text mb="lg" style={{ overflowWrap: "anywhere" }}>
        {`Are you sure you want to remove the product "${product?.name ?? ""}"?`}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red.9"
          loading={remove.isPending}
          onClick={() => product && remove.mutate(product.id, { onSettled: onClose })}
        >
          Yes, Remove
        </Button>
      </Group>
    </Modal>
  );
}
