import { Card, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One dashboard card: its title, then 'Loading...' until its own fetch ends (SPEC: Dashboard). */
export function DashboardCard({
  title,
  loading,
  children,
  span,
}: {
  title: string;
  loading: boolean;
  children?: ReactNode;
  span?: boolean;
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
      <Title order={2} size="h3" mb="sm" c="rose.8">
        {title}
      </Title>
      {loading ? <Text c="dimmed">Loading...</Text> : children}
    </Card>
  );
}
