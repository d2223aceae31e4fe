import { lazy, Suspense } from "react";
import classes from "./layout.module.css";

// The quote list (hundreds of quotes) stays out of the first load: the footer starts below the
// fold (layout.module.css), so its quote arriving a moment later moves nothing on screen.
const FooterQuote = lazy(() => import("./FooterQuote").then((module) => ({ default: module.FooterQuote })));

/** A love quote on every page, changing at the couple's midnight: never the dashboard's Daily Quote of the same day. */
export function Footer() {
  return (
    <footer className={classes.footer}>
      <Suspense fallback={null}>
        <FooterQuote />
      </Suspense>
    </footer>
  );
}
