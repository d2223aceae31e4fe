import { Container, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A page of the app: its one h1, then its content. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="md" style={{ overflowWrap: "anywhere" }}>
        {title}
      </Title>
      {children}
    </Container>
  );
}
