import { Container, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { usePageTitle } from "@/lib/pageTitle";
import classes from "./page.module.css";

/** The tab's title for a page: "Love in Every Memory · Spank Bank". */
export const documentTitleOf = (page: string) => `${page} · Spank Bank`;

/**
 * A page of the app: its one h1, then its content. The browser tab is titled after the page
 * (`documentTitle` when the heading is a greeting rather than a name for the page).
 */
export function Page({
  title,
  documentTitle,
  children,
}: {
  title: string;
  documentTitle?: string;
  children?: ReactNode;
}) {
  usePageTitle(documentTitleOf(documentTitle ?? title));
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="md" className={classes.title} style={{ overflowWrap: "anywhere" }}>
        {title}
      </Title>
      {children}
    </Container>
  );
}
