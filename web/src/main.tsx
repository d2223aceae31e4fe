import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { createApp } from "./app/createApp";
import { registerServiceWorker, startFirstLoad } from "./app/firstLoad";

const { router, queryClient } = createApp();
const firstLoad = startFirstLoad(router, queryClient);
// The dev server has no built sw.js.
if (import.meta.env.PROD) registerServiceWorker();

const root = createRoot(document.getElementById("root")!);
// index.html's 'Loading...' shows until the first page is ready. Its render is a transition, which
// React splits into short slices: the page stays responsive (a phone's CPU took 0.5-2 s for it in
// one task, most of Lighthouse's total blocking time).
void firstLoad.finally(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
