import { Box, Card, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * One dashboard card: its title, then 'Loading...' until its own fetch ends (SPEC: Dashboard).
 * `reserve` is the body's least height in px, about what the card shows once loaded, so the cards
 * below do not jump down when the data arrives (Lighthouse counted that layout shift).
 */
export function DashboardCard({
  title,
  loading,
  children,
  span,
  reserve,
}: {
  title: string;
  loading: boolean;
  children?: ReactNode;
  span?: boolean;
  reserve?: number;
}) {
  return (
    <Card
      withBorder
      shadow="sm"
      padding="lg"
      radius="lg"
      component="section"
      aria-label={title}
      style={span ? { gridColumn: "1 / -1" } : undefined}
    >
      <Title order={2} size="h3" mb="sm" c="rose">
        {title}
      </Title>
      <Box mih={reserve}>{loading ? <Text c="dimmed">Loading...</Text> : children}</Box>
    </Card>
  );
}
