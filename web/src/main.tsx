import { wallClockFormat } from "@spankbank/shared/calendar";
import { onlineManager } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { createApp } from "./app/createApp";
import { keptPartner, loadFirstPageCode, registerServiceWorker, startFirstLoad } from "./app/firstLoad";
import { keepTypedThroughFirstRender } from "./app/keepTyped";
import { handOverPageSnapshot, keepPageSnapshots } from "./app/pageSnapshot";
import { holdRereadsUntilPainted, restoreKeptCache } from "./lib/keptCache";

// The libraries this module imports have just been evaluated, in one long task on a phone's CPU:
// the app is made in the next task and started in the one after (each ~50 ms on a phone), so the
// page can answer a tap in between.
setTimeout(() => {
  const app = createApp();
  setTimeout(() => void start(app), 0);
}, 0);

async function start({ router, queryClient }: ReturnType<typeof createApp>): Promise<void> {
  // TanStack Query assumes online until an event says otherwise: a page opened offline says so now,
  // so its reads wait for the connection instead of failing over the data the device kept.
  onlineManager.setOnline(navigator.onLine);
  const code = loadFirstPageCode(router);
  // What this device saw last time, so a return paints it at once and reads it again behind.
  const restoring = restoreKeptCache(queryClient);
  // The first date format loads the locale's calendar data (a tenth of a second on a phone): done
  // while the kept data is read back, instead of inside the first render.
  wallClockFormat("UTC");
  await restoring;
  const returning = keptPartner(queryClient) !== undefined;
  const firstLoad = startFirstLoad(router, queryClient, code);
  // The dev server has no built sw.js.
  if (import.meta.env.PROD) registerServiceWorker();

  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // index.html's 'Loading...' (or the page prerendered at build, or the service worker's kept copy
  // of it) shows until the first page is ready.
  const root = document.getElementById("root")!;
  void firstLoad.finally(() => {
    keepTypedThroughFirstRender(root);
    keepPageSnapshots(router, queryClient);
    const reactRoot = createRoot(root);
    // A return has what it shows already: nothing is read again until it is on screen, or the
    // answers would arrive mid-render and React would render the whole page a second time.
    const release = returning ? holdRereadsUntilPainted(queryClient) : undefined;
    if (root.hasAttribute("data-snapshot")) {
      // The page is on screen already (its kept copy, even when the data kept with it is gone):
      // rendered in slices, the copy's menu and taps are answered between them.
      handOverPageSnapshot(root, () => release && afterNextPaint(release));
      startTransition(() => reactRoot.render(app));
      return;
    }
    if (!release) {
      // A first load renders as a transition, which React splits into short slices: the page stays
      // responsive while a phone's CPU spends 0.5-2 s on it.
      startTransition(() => reactRoot.render(app));
      return;
    }
    // Else rendered in one pass, it is on screen soonest.
    flushSync(() => reactRoot.render(app));
    afterNextPaint(release);
  });
}

/** Runs `then` once the frame that shows the page has been painted. */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}
