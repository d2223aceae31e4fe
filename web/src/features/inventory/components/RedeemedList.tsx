import { Button, Text } from "@mantine/core";
import type { RedeemedItem } from "@spankbank/shared/contract/inventory";
import { spanks } from "@spankbank/shared/spanks";
import { YourTime } from "@/components/YourTime";
import { useMyClock } from "@/lib/favourTime";
import { useDisplayName } from "@/lib/useDisplayName";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { useConfirmRedemption } from "../api/confirmRedemption";
import { useRedeemed } from "../api/getRedeemed";
import { focusAfterItemAction } from "./focusAfterItemAction";
import { ItemCard } from "./ItemCard";
import { ItemGrid } from "./ItemGrid";
import classes from "./inventory.module.css";

export function RedeemedList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const redeemed = useRedeemed(page);
  return (
    <ItemGrid
      items={redeemed.data?.redeemedItems}
      pages={redeemed.data}
      onPage={onPage}
      pending={redeemed.isPending}
      empty="You have not redeemed any products yet."
      card={(item) => <RedeemedCard key={item.id} item={item} />}
    />
  );
}

function RedeemedCard({ item }: { item: RedeemedItem }) {
  const confirm = useConfirmRedemption();
  const displayName = useDisplayName();
  const once = useSingleFlight();
  const { timeZone } = useMyClock();
  return (
    <ItemCard
      name={item.name}
      description={item.description}
      action={
        item.declined_at ? (
          // Who declined is the pill; the spanks that came back are a line of the card: both in a
          // pill need more than a phone's 271 px at 360 wide.
          <Text className={classes.declined} size="xs" fw={600} ta="center">
            {`${displayName(item.username)} declined`}
          </Text>
        ) : item.confirmed_at ? (
          // The pill says what happened; when is a line of the card with its other times: with "your
          // time" a date and hour do not fit one line of a pill on a phone.
          <Text className={classes.confirmed} size="xs" fw={600} ta="center">
            Confirmed
          </Text>
        ) : (
          <Button
            fullWidth
            radius="xl"
            disabled={confirm.isPending}
            loading={confirm.isPending}
            onClick={() =>
              once((settled) =>
                confirm.mutate(item.id, {
                  onSettled: () => {
                    settled();
                    focusAfterItemAction("Confirm Redeem", item.name);
                  },
                }),
              )
            }
            aria-label={`Confirm Redeem ${item.name}`}
          >
            Confirm Redeem
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {"Redeemed "}
        <YourTime at={item.redeemed_at} timeZone={timeZone} />
      </Text>
      {item.confirmed_at && (
        <Text size="sm" c="dimmed">
          {"Confirmed "}
          <YourTime at={item.confirmed_at} timeZone={timeZone} />
        </Text>
      )}
      <Text size="sm" c="dimmed">{`Seller: ${displayName(item.username)}`}</Text>
      {item.wished_at && (
        <Text size="sm" c="dimmed">
          {"Wished for "}
          <YourTime at={item.wished_at} timeZone={timeZone} />
        </Text>
      )}
      {item.note && (
        <Text size="sm" fs="italic" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
          {`Your note: “${item.note}”`}
        </Text>
      )}
      {item.declined_at && item.price > 0 && <Text size="sm">{`Your ${spanks(item.price)} came back.`}</Text>}
      {item.decline_reason && (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {`Why: “${item.decline_reason}”`}
        </Text>
      )}
    </ItemCard>
  );
}
