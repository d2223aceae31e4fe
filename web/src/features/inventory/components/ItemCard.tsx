import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { FavourCard } from "@/components/FavourCard";

/** One bought or redeemed favour: its name and description, then the lines and action given. */
export function ItemCard({
  name,
  description,
  children,
  action,
}: {
  name: string;
  description: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <FavourCard actions={action}>
      <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
        {name}
      </Title>
      <Text style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>{description}</Text>
      {children}
    </FavourCard>
  );
}
