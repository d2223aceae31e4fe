import { onlineManager } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { createApp } from "./app/createApp";
import { registerServiceWorker, startFirstLoad } from "./app/firstLoad";
import { keepTypedThroughFirstRender } from "./app/keepTyped";
import { restoreKeptCache } from "./lib/keptCache";

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
  // What this device saw last time, so a return paints it at once and reads it again behind.
  await restoreKeptCache(queryClient);
  const firstLoad = startFirstLoad(router, queryClient);
  // The dev server has no built sw.js.
  if (import.meta.env.PROD) registerServiceWorker();

  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // The first render is a transition, which React splits into short slices: the page stays
  // responsive (a phone's CPU took 0.5-2 s for it in one task, most of Lighthouse's total blocking time).
  // index.html's 'Loading...' (or the page prerendered at build) shows until the first page is ready.
  const root = document.getElementById("root")!;
  void firstLoad.finally(() => {
    keepTypedThroughFirstRender(root);
    startTransition(() => createRoot(root).render(app));
  });
}
