import { Button, SimpleGrid, Text } from "@mantine/core";
import type { RedeemedItem } from "@spankbank/shared/contract/inventory";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { useConfirmRedemption } from "../api/confirmRedemption";
import { useRedeemed } from "../api/getRedeemed";
import { ItemCard } from "./ItemCard";
import classes from "./inventory.module.css";

const dateAndTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function RedeemedList() {
  const redeemed = useRedeemed();
  if (redeemed.isPending) return <Text>Loading your inventory...</Text>;
  // SPEC section 8: a failed load reads as an empty list.
  const items = redeemed.data ?? [];
  if (items.length === 0) return <Text>You have not redeemed any products yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {items.map((item) => (
        <RedeemedCard key={item.id} item={item} />
      ))}
    </SimpleGrid>
  );
}

function RedeemedCard({ item }: { item: RedeemedItem }) {
  const confirm = useConfirmRedemption();
  const once = useSingleFlight();
  return (
    <ItemCard
      name={item.name}
      description={item.description}
      action={
        item.confirmed_at ? (
          <Text className={classes.confirmed} fw={600} ta="center">
            {"Confirmed "}
            <time dateTime={item.confirmed_at}>{dateAndTime(item.confirmed_at)}</time>
          </Text>
        ) : (
          <Button
            fullWidth
            radius="xl"
            disabled={confirm.isPending}
            loading={confirm.isPending}
            onClick={() => once((settled) => confirm.mutate(item.id, { onSettled: settled }))}
            aria-label={`Confirm Redeem ${item.name}`}
          >
            Confirm Redeem
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {"Redeemed "}
        <time dateTime={item.redeemed_at}>{dateAndTime(item.redeemed_at)}</time>
      </Text>
      <Text size="sm" c="dimmed">{`Seller: ${item.username}`}</Text>
    </ItemCard>
  );
}
