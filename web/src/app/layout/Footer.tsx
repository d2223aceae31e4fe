import { useIntersection } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import classes from "./layout.module.css";

// The quote list (hundreds of quotes) stays out of the first load: the footer starts below the
// fold (layout.module.css), so its quote arriving a moment later moves nothing on screen.
const FooterQuote = lazy(() => import("./FooterQuote").then((module) => ({ default: module.FooterQuote })));

/**
 * A love quote on every page, changing at the couple's midnight: never the dashboard's Daily Quote
 * of the same day. Its code loads once the footer is a quarter of a screen from being seen (the
 * page is a screen tall at least), so a page's first load spends nothing on it.
 */
export function Footer() {
  const { ref, entry } = useIntersection({ rootMargin: "25% 0px" });
  const [near, setNear] = useState(false);
  if (entry?.isIntersecting && !near) setNear(true);
  return (
    <footer ref={ref} className={classes.footer}>
      {near && (
        <Suspense fallback={null}>
          <FooterQuote />
        </Suspense>
      )}
    </footer>
  );
}
