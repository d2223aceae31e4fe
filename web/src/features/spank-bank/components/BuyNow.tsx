import { Button, Stack, Text } from "@mantine/core";
import type { Product } from "@spankbank/shared/contract/products";
import { plural } from "@spankbank/shared/spanks";
import { useQueryClient } from "@tanstack/react-query";
import { firstControl, returnFocus, SELECTED_TAB } from "@/lib/returnFocus";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { useSpankTotal } from "../api/getSpankTotal";
import { spankBankKeys } from "../api/keys";
import { usePurchaseProduct } from "../api/purchaseProduct";

const buyNowId = (productId: number) => `buy-now-${productId}`;
const tab = () => firstControl([SELECTED_TAB]);

/**
 * Buy Now: one unit, disabled while the purchase is in flight, and disabled with the reason for a
 * favour the partner cannot afford (the server refuses it too). A tap again after a lost answer is
 * the same purchase, never a second one (`api.postOnce`).
 */
export function BuyNow({ product, own, partnerName }: { product: Product; own: boolean; partnerName: string }) {
  const purchase = usePurchaseProduct();
  const queryClient = useQueryClient();
  const once = useSingleFlight();
  const buy = () =>
    once((settled) =>
      purchase.mutate(product, {
        onSettled: () => {
          settled();
          // Disabled while buying, focus fell to the page: back to this Buy Now (unless it is now sold
          // out or too dear), else the selected tab. Found by its id: the list reloading may draw its
          // card anew, and until it is drawn again there is nothing to choose yet.
          returnFocus(() => {
            const again = document.getElementById(buyNowId(product.id));
            // Gone from the list once it has reloaded (removed by the seller, or on the next page now).
            if (again === null) return queryClient.isFetching({ queryKey: spankBankKeys.products() }) ? null : tab();
            return again.matches(":disabled") ? tab() : again;
          });
        },
      }),
    );
  const soldOut = product.quantity < 1;
  const { data: spanks } = useSpankTotal();
  const short = spanks === undefined ? 0 : product.price - spanks;
  const unaffordable = !own && !soldOut && short > 0;
  const reasonId = `buy-now-reason-${product.id}`;
  return (
    <Stack gap={6}>
      <Button
        id={buyNowId(product.id)}
        fullWidth
        radius="xl"
        disabled={own || soldOut || unaffordable || purchase.isPending}
        loading={purchase.isPending}
        onClick={buy}
        aria-describedby={own || soldOut || unaffordable ? reasonId : undefined}
      >
        Buy Now
      </Button>
      {own && (
        <Text id={reasonId} size="sm" c="dimmed" ta="center">
          {`This is your own favour: only ${partnerName} can buy it.`}
        </Text>
      )}
      {!own && soldOut && (
        <Text id={reasonId} size="sm" c="dimmed" ta="center">
          Sold out for now.
        </Text>
      )}
      {unaffordable && (
        <Text id={reasonId} size="sm" c="dimmed" ta="center">
          {`You need ${plural(short, "more spank", "more spanks")} for this one.`}
        </Text>
      )}
    </Stack>
  );
}
