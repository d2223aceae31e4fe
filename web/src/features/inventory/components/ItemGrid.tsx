import { SimpleGrid, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Pager } from "@/components/Pager";

/**
 * One tab of the inventory: 'Loading your inventory...' until the list arrives, the tab's empty
 * text when there is nothing (SPEC section 8: a failed load reads as an empty list), else the cards
 * of one page, with the pager when there are more.
 */
export function ItemGrid<Item extends { id: number }>(props: {
  items: Item[] | undefined;
  pages: { page: number; pageCount: number } | undefined;
  onPage: (page: number) => void;
  pending: boolean;
  empty: string;
  card: (item: Item) => ReactNode;
}) {
  if (props.pending) return <Text>Loading your inventory...</Text>;
  const items = props.items ?? [];
  if (items.length === 0 && (props.pages?.pageCount ?? 1) <= 1) return <Text>{props.empty}</Text>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {items.map(props.card)}
      </SimpleGrid>
      {props.pages && <Pager total={props.pages.pageCount} value={props.pages.page} onChange={props.onPage} mt="lg" />}
    </>
  );
}
