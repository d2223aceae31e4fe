import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./inventory.module.css";

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
    <Card withBorder shadow="xs" radius="lg" padding="lg" className={classes.card}>
      <Stack gap="xs" className={classes.cardBody}>
        <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
          {name}
        </Title>
        <Text style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>{description}</Text>
        {children}
      </Stack>
      <Card.Section inheritPadding pb="lg" pt="md">
        {action}
      </Card.Section>
    </Card>
  );
}
