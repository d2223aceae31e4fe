import { Card, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./favourCard.module.css";

/**
 * A favour's card, on sale or bought: its lines, then its buttons, which line up along a row of
 * cards however long each description is.
 */
export function FavourCard({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <Card withBorder shadow="xs" radius="lg" padding="lg" className={classes.card}>
      <Stack gap="xs" className={classes.cardBody}>
        {children}
      </Stack>
      <Card.Section inheritPadding pb="lg" pt="md">
        {actions}
      </Card.Section>
    </Card>
  );
}
