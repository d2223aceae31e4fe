import { useQueryClient } from "@tanstack/react-query";
import { useElementScrollRestoration, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";

/** What the partner does to move the page themselves: the restoring stops at once. */
const PARTNER_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/**
 * Back to a long list lands where the partner left it. The router (`scrollRestoration: true`)
 * scrolls back once the page has rendered, but after a full page load (Back from another site or
 * from a page opened by address, a reload, a phone's discarded tab) the page's list is still
 * loading then: too short to scroll to the place, which ends up near the top. This goes to the
 * saved place once the page has its data (nothing reading) and is tall enough for it, unless the
 * partner scrolls, taps or types first, or another page opens: a list half loaded would put
 * another item at that height. The router has no option to wait for query data.
 */
export function ScrollRestoredWithData() {
  const entryKey = useLocation({ select: (location) => location.state.__TSR_key ?? location.href });
  const saved = useElementScrollRestoration({ getElement: () => window });
  const top = saved?.scrollY;
  const left = saved?.scrollX ?? 0;
  const queryClient = useQueryClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each history entry restores once, on arrival
  useEffect(() => {
    if (top === undefined || top <= 0) return;
    const page = document.documentElement;
    let done = false;
    const stop = () => {
      done = true;
      growth.disconnect();
      stopWatchingReads();
      for (const input of PARTNER_INPUT) removeEventListener(input, stop, true);
    };
    const reach = () => {
      if (done || queryClient.isFetching() > 0 || page.scrollHeight - window.innerHeight < top) return;
      if (Math.round(window.scrollY) !== Math.round(top)) window.scrollTo({ top, left, behavior: "instant" });
      stop();
    };
    const growth = new ResizeObserver(reach);
    growth.observe(page);
    // A read settling may not change the page's height (a kept list read again): try then too,
    // once React has drawn what it read (Query tells React in a timeout, React draws in a frame).
    const stopWatchingReads = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated") setTimeout(() => requestAnimationFrame(reach), 0);
    });
    for (const input of PARTNER_INPUT) addEventListener(input, stop, { capture: true, passive: true });
    reach();
    return stop;
  }, [entryKey, top]);

  return null;
}
