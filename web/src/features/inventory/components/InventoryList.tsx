import { Button, Group, Text } from "@mantine/core";
import type { InventoryItem } from "@spankbank/shared/contract/inventory";
import { spanksPrice } from "@spankbank/shared/spanks";
import { useState } from "react";
import { dayLabel } from "@/lib/favourTime";
import { toast } from "@/lib/toast";
import { useDisplayName } from "@/lib/useDisplayName";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { useInventory } from "../api/getInventory";
import { useRedeemItem } from "../api/redeemItem";
import { focusAfterItemAction } from "./focusAfterItemAction";
import { ItemCard } from "./ItemCard";
import { ItemGrid } from "./ItemGrid";
import { RedeemWithNoteModal } from "./RedeemWithNoteModal";

export function InventoryList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const inventory = useInventory(page);
  const [withNote, setWithNote] = useState<InventoryItem | undefined>();
  return (
    <>
      <ItemGrid
        items={inventory.data?.inventory}
        pages={inventory.data}
        onPage={onPage}
        pending={inventory.isPending}
        empty="You have not purchased any products yet."
        card={(item) => <InventoryCard key={item.id} item={item} onAddNote={() => setWithNote(item)} />}
      />
      <RedeemWithNoteModal item={withNote} onClose={() => setWithNote(undefined)} />
    </>
  );
}

function InventoryCard({ item, onAddNote }: { item: InventoryItem; onAddNote: () => void }) {
  const redeem = useRedeemItem();
  const displayName = useDisplayName();
  const once = useSingleFlight();
  return (
    <ItemCard
      name={item.name}
      description={item.description}
      action={
        <Group gap="xs" grow preventGrowOverflow={false}>
          <Button
            fullWidth
            radius="xl"
            disabled={item.quantity <= 0 || redeem.isPending}
            loading={redeem.isPending}
            onClick={() =>
              once((settled) =>
                // Named by the quantity shown: a tap once the page shows an earlier redeem (its answer
                // lost) is a new redeem, never a retry of that one answered again with its old reply.
                redeem.mutate(
                  { itemId: item.id, write: `redeem ${item.id} of ${item.quantity}` },
                  {
                    onSuccess: () => {
                      toast.success(`Redeemed "${item.name}": it waits under Redeemed for you to confirm.`);
                      focusAfterItemAction("Redeem", item.name);
                    },
                    onSettled: settled,
                  },
                ),
              )
            }
            aria-label={`Redeem ${item.name}`}
          >
            Redeem
          </Button>
          <Button
            variant="light"
            radius="xl"
            disabled={item.quantity <= 0 || redeem.isPending}
            onClick={onAddNote}
            aria-label={`Add a note or a time for ${item.name}`}
          >
            Add a note
          </Button>
        </Group>
      }
    >
      <Text size="sm" c="dimmed">{`Quantity purchased: ${item.quantity}`}</Text>
      <Text size="sm" c="dimmed">{`Price paid: ${spanksPrice(item.price)}`}</Text>
      <Text size="sm" c="dimmed">{`Seller: ${displayName(item.username)}`}</Text>
      {item.use_by_day && (
        <Text size="sm" fw={600} c="rose">
          {`Use by ${dayLabel(item.use_by_day)}`}
        </Text>
      )}
    </ItemCard>
  );
}
