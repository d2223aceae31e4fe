import { useDocumentTitle } from "@mantine/hooks";
import { useEffect } from "react";

let onLive: (() => void) | undefined;

/** `callback` runs once the first page's own content is live (main.tsx makes a hydrated page usable then). */
export function whenPageLive(callback: () => void): void {
  onLive = callback;
}

/**
 * Titles the browser tab after the page, and says the page is live. Every page calls it from its
 * own content, which React hydrates after the layout around it: that is when its fields can take
 * typing (one typed into before would be mangled by the hydration).
 */
export function usePageTitle(title: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    onLive?.();
    onLive = undefined;
  }, []);
}
