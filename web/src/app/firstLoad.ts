import type { QueryClient } from "@tanstack/react-query";
import { sessionQueryOptions } from "@/features/session/api/getSession";
import type { AppRouter } from "./router";

/**
 * Starts what the first page needs at once, side by side: the session and the page's route
 * chunks. Left to themselves the chunks wait for the session (SessionGate renders the router only
 * after it answers), and the page's data for the chunks, one round trip after another on a phone.
 * The server's `Link` headers usually have the chunks on their way already; this asks for them
 * again for a shell the service worker answered, where those headers never arrive.
 */
export function startFirstLoad(router: AppRouter, queryClient: QueryClient): void {
  void queryClient.prefetchQuery(sessionQueryOptions);
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) {
    // A chunk that fails here fails again when the router asks, and the router shows that.
    router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

/**
 * Registers the service worker (dist/sw.js, written by the build) once the page has loaded and
 * gone idle, so its caching never competes with the first load. Also: a page of an older build asking for a
 * chunk the new deploy no longer has reloads once, into the new build.
 */
export function registerServiceWorker(): void {
  window.addEventListener("vite:preloadError", (event) => {
    const reloaded = sessionStorage.getItem("spankbank:reloaded-for-new-build");
    if (reloaded !== null && Date.now() - Number(reloaded) < 60_000) return;
    event.preventDefault();
    sessionStorage.setItem("spankbank:reloaded-for-new-build", String(Date.now()));
    window.location.reload();
  });
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("The service worker could not be registered; the app works without it.", error);
    });
  // Its install downloads the whole build: after the page's load and once the page is idle, not
  // while the first page still wants the network and the CPU (it cost 7-13 Lighthouse points).
  window.addEventListener("load", () => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => void register(), { timeout: 10_000 });
    else setTimeout(() => void register(), 2_000);
  });
}
