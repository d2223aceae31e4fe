import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { sessionQueryOptions } from "@/features/session/api/getSession";
import { forgetKeptCache } from "@/lib/keptCache";
import { whenIdle } from "@/lib/whenIdle";
import { forgetPageSnapshots } from "./pageSnapshot";
import type { AppRouter } from "./router";

/**
 * Starts downloading the first page's route chunks, so they arrive while the kept data is read back.
 * A chunk that fails here fails again when the router asks, and the router shows that.
 */
export function loadFirstPageCode(router: AppRouter): Promise<unknown> {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  return Promise.all(routes.map((route) => router.loadRouteChunk(route)?.catch(() => undefined)));
}

/** The partner this device kept signed in from its last visit, if any: a return, not a first load. */
export function keptPartner(queryClient: QueryClient) {
  return queryClient.getQueryData(sessionQueryOptions.queryKey) ?? undefined;
}

/**
 * Readies the first page before React renders anything: the session and the page's route chunks
 * (`code`, from loadFirstPageCode) side by side, then the router's load (its guards, and the loaders
 * that start the page's data). Rendered only then, the page commits once (main.tsx), instead of
 * 'Loading...', then the page's pending state, then the page, each a long task on a phone's CPU.
 * index.html shows 'Loading...' meanwhile, painted without waiting for any script.
 *
 * A return with the session kept from the last visit (lib/keptCache.ts) does not wait for the
 * server: the page renders from what the device kept, and the session is asked again behind it.
 */
export async function startFirstLoad(
  router: AppRouter,
  queryClient: QueryClient,
  code: Promise<unknown>,
): Promise<void> {
  // Only a partner kept from the last visit is trusted until the server answers: a device kept
  // signed out may have signed in since (the cookie is the truth), and has nothing to show anyway.
  const kept = keptPartner(queryClient);
  if (kept === undefined) queryClient.removeQueries({ queryKey: sessionQueryOptions.queryKey, exact: true });
  // One try: offline, SessionGate's own retries say so (a retry here would double the wait).
  const session = kept
    ? Promise.resolve()
    : queryClient.prefetchQuery({ ...sessionQueryOptions, retry: false, networkMode: "always" });
  if (kept) void checkKeptSession(router, queryClient);
  await Promise.all([session, code]);
  // Without an answer the guards cannot tell who this is: SessionGate shows the failure and its retry.
  if (queryClient.getQueryState(sessionQueryOptions.queryKey)?.status !== "success") return;
  // Nobody is signed in on this device: whatever a partner whose session ended elsewhere left here
  // (page copies the service worker paints, data past its days) goes, shown to no one.
  if (!kept && queryClient.getQueryData(sessionQueryOptions.queryKey) === null) {
    void forgetPageSnapshots();
    void forgetKeptCache();
  }
  // Offline, a page this device did not keep waits for the connection: rendered now, it says so
  // (OfflineLine) over its loading state instead of a blank wait.
  if (!onlineManager.isOnline()) return;
  // A failed loader is kept in the router's state and shown by its error page; nothing throws here.
  await router.load().catch(() => undefined);
}

/**
 * Asks the server whether the kept session still stands (offline: once the connection is back).
 * Signed out meanwhile, or someone else on this device: what was kept is dropped and the guards
 * run again, which send a signed-out visitor to /signin.
 */
async function checkKeptSession(router: AppRouter, queryClient: QueryClient): Promise<void> {
  const before = queryClient.getQueryData(sessionQueryOptions.queryKey);
  await queryClient.refetchQueries({ queryKey: sessionQueryOptions.queryKey });
  const after = queryClient.getQueryData(sessionQueryOptions.queryKey);
  if (after?.user.username === before?.user.username) return;
  router.options.context.session.expire();
  if (after) queryClient.setQueryData(sessionQueryOptions.queryKey, after);
  await router.invalidate();
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
  const registerWhenIdle = () => whenIdle(() => void register(), 10_000, 2_000);
  if (document.readyState === "complete") registerWhenIdle();
  else window.addEventListener("load", registerWhenIdle);
}
