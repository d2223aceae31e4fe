import { useElementScrollRestoration, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";

/** What the partner does to move the page themselves: the restoring stops at once. */
const PARTNER_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/**
 * Back to a long list lands where the partner left it. The router (`scrollRestoration: true`)
 * scrolls back once the page has rendered, but after a full page load (Back from another site or
 * from a page opened by address, a reload, a phone's discarded tab) the page's list is still
 * loading then: too short to scroll to the place, which ends up near the top. This keeps going
 * to the saved place as the page grows with its data, until it is there, the partner scrolls,
 * taps or types, or another page opens. The router has no option to wait for query data.
 */
export function ScrollRestoredWithData() {
  const entryKey = useLocation({ select: (location) => location.state.__TSR_key ?? location.href });
  const saved = useElementScrollRestoration({ getElement: () => window });
  const top = saved?.scrollY;
  const left = saved?.scrollX ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each history entry restores once, on arrival
  useEffect(() => {
    if (top === undefined || top <= 0) return;
    const page = document.documentElement;
    const stop = () => {
      growth.disconnect();
      for (const input of PARTNER_INPUT) removeEventListener(input, stop, true);
    };
    const reach = () => {
      if (page.scrollHeight - window.innerHeight < top) return;
      if (Math.round(window.scrollY) !== Math.round(top)) window.scrollTo({ top, left, behavior: "instant" });
      stop();
    };
    const growth = new ResizeObserver(reach);
    growth.observe(page);
    for (const input of PARTNER_INPUT) addEventListener(input, stop, { capture: true, passive: true });
    reach();
    return stop;
  }, [entryKey, top]);

  return null;
}
