import { Button, Stack, Text } from "@mantine/core";
import type { Product } from "@spankbank/shared/contract/products";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { usePurchaseProduct } from "../api/purchaseProduct";

/** Buy Now: one unit, a fresh Idempotency-Key per click, disabled while the purchase is in flight. */
export function BuyNow({ product, own, partnerName }: { product: Product; own: boolean; partnerName: string }) {
  const purchase = usePurchaseProduct();
  const once = useSingleFlight();
  const buy = () =>
    once((settled) => purchase.mutate({ product, idempotencyKey: crypto.randomUUID() }, { onSettled: settled }));
  const soldOut = product.quantity < 1;
  return (
    <Stack gap={6}>
      <Button
        fullWidth
        radius="xl"
        disabled={own || soldOut || purchase.isPending}
        loading={purchase.isPending}
        onClick={buy}
      >
        Buy Now
      </Button>
      {own && (
        <Text size="sm" c="dimmed" ta="center">
          {`This is your own favour: only ${partnerName} can buy it.`}
        </Text>
      )}
      {!own && soldOut && (
        <Text size="sm" c="dimmed" ta="center">
          Sold out for now.
        </Text>
      )}
    </Stack>
  );
}
