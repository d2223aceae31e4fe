import { SimpleGrid, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * One tab of the inventory: 'Loading your inventory...' until the list arrives, the tab's empty
 * text when there is nothing (SPEC section 8: a failed load reads as an empty list), else the cards.
 */
export function ItemGrid<Item extends { id: number }>(props: {
  items: Item[] | undefined;
  pending: boolean;
  empty: string;
  card: (item: Item) => ReactNode;
}) {
  if (props.pending) return <Text>Loading your inventory...</Text>;
  const items = props.items ?? [];
  if (items.length === 0) return <Text>{props.empty}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {items.map(props.card)}
    </SimpleGrid>
  );
}
