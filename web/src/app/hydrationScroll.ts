import type { AppRouter } from "./router";

/**
 * A partner who scrolled the server's page before it was live keeps their place. The router's
 * scroll restoration puts a page it has just rendered at its remembered place, or the top; for a
 * hydrated page that is the partner's own scrolling undone, and the place Back would come back to
 * forgotten. So the place is noted until the first render and put back right after it (the router
 * notes it again from that scroll, for Back).
 */
export function keepScrollThroughHydration(router: AppRouter): void {
  let place = window.scrollY > 0 || window.scrollX > 0 ? { left: window.scrollX, top: window.scrollY } : undefined;
  const note = () => {
    place = { left: window.scrollX, top: window.scrollY };
  };
  window.addEventListener("scroll", note, { passive: true });
  const unsubscribe = router.subscribe("onRendered", () => {
    unsubscribe();
    window.removeEventListener("scroll", note);
    if (place) window.scrollTo(place);
  });
}
