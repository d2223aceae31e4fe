import { Badge, Group, Text, Title } from "@mantine/core";
import type { Product } from "@spankbank/shared/contract/products";
import { spanksPrice } from "@spankbank/shared/spanks";
import type { ReactNode } from "react";
import { FavourCard } from "@/components/FavourCard";
import { useDisplayName } from "@/lib/useDisplayName";
import classes from "./spankBank.module.css";

/** One favour with every field the spec lists; `actions` are the buttons of the tab showing it. */
export function ProductCard({ product, actions }: { product: Product; actions: ReactNode }) {
  const displayName = useDisplayName();
  return (
    <FavourCard actions={actions}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
          {product.name}
        </Title>
        <Badge color="rose" variant="light" size="lg" tt="none" className={classes.price} style={{ flexShrink: 0 }}>
          {spanksPrice(product.price)}
        </Badge>
      </Group>
      <Text style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>{product.description}</Text>
      <Text size="sm" c="dimmed">{`Quantity available: ${product.quantity}`}</Text>
      <Text size="sm" c="dimmed">{`Posted by ${displayName(product.username)}`}</Text>
      {/* Said before buying: a bought unit not redeemed in time is refunded (issue 22.5). */}
      {product.use_within_days !== null && (
        <Text
          size="sm"
          c="dimmed"
        >{`Use within ${product.use_within_days} ${product.use_within_days === 1 ? "day" : "days"} of buying`}</Text>
      )}
      {product.in_person && (
        <Text size="sm" c="dimmed">
          In person: it waits for your next visit
        </Text>
      )}
    </FavourCard>
  );
}
