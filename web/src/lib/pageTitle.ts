import { useDocumentTitle } from "@mantine/hooks";

/** Titles the browser tab after the page. */
export function usePageTitle(title: string): void {
  useDocumentTitle(title);
}
