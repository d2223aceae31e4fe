import { Button, Text } from "@mantine/core";
import type { InventoryItem } from "@spankbank/shared/contract/inventory";
import { toast } from "@/lib/toast";
import { useDisplayName } from "@/lib/useDisplayName";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { useInventory } from "../api/getInventory";
import { useRedeemItem } from "../api/redeemItem";
import { ItemCard } from "./ItemCard";
import { ItemGrid } from "./ItemGrid";

export function InventoryList() {
  const inventory = useInventory();
  return (
    <ItemGrid
      items={inventory.data}
      pending={inventory.isPending}
      empty="You have not purchased any products yet."
      card={(item) => <InventoryCard key={item.id} item={item} />}
    />
  );
}

function InventoryCard({ item }: { item: InventoryItem }) {
  const redeem = useRedeemItem();
  const displayName = useDisplayName();
  const once = useSingleFlight();
  return (
    <ItemCard
      name={item.name}
      description={item.description}
      action={
        <Button
          fullWidth
          radius="xl"
          disabled={item.quantity <= 0 || redeem.isPending}
          loading={redeem.isPending}
          onClick={() =>
            once((settled) =>
              redeem.mutate(item.id, {
                onSuccess: () => toast.success(`Redeemed "${item.name}": it waits under Redeemed for you to confirm.`),
                onSettled: settled,
              }),
            )
          }
          aria-label={`Redeem ${item.name}`}
        >
          Redeem
        </Button>
      }
    >
      <Text size="sm" c="dimmed">{`Quantity purchased: ${item.quantity}`}</Text>
      <Text size="sm" c="dimmed">{`Price paid: ${item.price} Spanks`}</Text>
      <Text size="sm" c="dimmed">{`Seller: ${displayName(item.username)}`}</Text>
    </ItemCard>
  );
}
