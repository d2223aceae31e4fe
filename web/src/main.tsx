import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { createApp } from "./app/createApp";
import { registerServiceWorker, startFirstLoad } from "./app/firstLoad";
import { keepScrollThroughHydration } from "./app/hydrationScroll";
import type { PageData } from "./entry-server";
import { whenPageLive } from "./lib/pageTitle";
import { keepViewCookie, pageRenderedAt } from "./lib/view";

// The libraries this module imports have just been evaluated, in one long task on a phone's CPU:
// the app is made in the next task and started in the one after (each ~50 ms on a phone), so the
// page can answer a tap in between.
setTimeout(() => {
  const app = createApp();
  setTimeout(() => start(app), 0);
}, 0);

function start({ router, queryClient }: ReturnType<typeof createApp>): void {
  // The server rendered this page (entry-server.tsx): what it rendered it from, read back first.
  const pageData = document.getElementById("page-data");
  if (pageData?.textContent) {
    const { queries, renderedAt } = JSON.parse(pageData.textContent) as PageData;
    hydrate(queryClient, queries);
    pageRenderedAt(renderedAt);
  }
  const firstLoad = startFirstLoad(router, queryClient, { hydrating: pageData !== null });
  // The dev server has no built sw.js.
  if (import.meta.env.PROD) registerServiceWorker();

  const rootElement = document.getElementById("root")!;
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // The first render is a transition, which React splits into short slices: the page stays
  // responsive (a phone's CPU took 0.5-2 s for it in one task, most of Lighthouse's total blocking time).
  void firstLoad.finally(() => {
    // For the server's next renders of this browser's pages; after the page is up, not before it.
    setTimeout(keepViewCookie, 0);
    startTransition(() => {
      if (pageData) {
        // The router renders as it did on the server (no Suspense around the first page), so React
        // adopts the server's HTML instead of painting it again.
        router.ssr = { manifest: undefined };
        keepScrollThroughHydration(router);
        // The server sent the page inert: usable once its own content is hydrated (or, should a page
        // never say so, a few seconds on).
        const live = () => rootElement.removeAttribute("inert");
        whenPageLive(live);
        setTimeout(live, 5_000);
        hydrateRoot(rootElement, app);
      } else {
        // index.html's 'Loading...' shows until the first page is ready.
        createRoot(rootElement).render(app);
      }
    });
  });
}
