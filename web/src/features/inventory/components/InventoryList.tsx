import { Button, SimpleGrid, Text } from "@mantine/core";
import type { InventoryItem } from "@spankbank/shared/contract/inventory";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { useInventory } from "../api/getInventory";
import { useRedeemItem } from "../api/redeemItem";
import { ItemCard } from "./ItemCard";

export function InventoryList() {
  const inventory = useInventory();
  if (inventory.isPending) return <Text>Loading your inventory...</Text>;
  // SPEC section 8: a failed load reads as an empty list.
  const items = inventory.data ?? [];
  if (items.length === 0) return <Text>You have not purchased any products yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {items.map((item) => (
        <InventoryCard key={item.id} item={item} />
      ))}
    </SimpleGrid>
  );
}

function InventoryCard({ item }: { item: InventoryItem }) {
  const redeem = useRedeemItem();
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
          onClick={() => once((settled) => redeem.mutate(item.id, { onSettled: settled }))}
          aria-label={`Redeem ${item.name}`}
        >
          Redeem
        </Button>
      }
    >
      <Text size="sm" c="dimmed">{`Quantity purchased: ${item.quantity}`}</Text>
      <Text size="sm" c="dimmed">{`Price paid: ${item.price} Spanks`}</Text>
      <Text size="sm" c="dimmed">{`Seller: ${item.username}`}</Text>
    </ItemCard>
  );
}
