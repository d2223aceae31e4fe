import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { createApp } from "./app/createApp";
import { registerServiceWorker, startFirstLoad } from "./app/firstLoad";

const { router, queryClient } = createApp();
startFirstLoad(router, queryClient);
// The dev server has no built sw.js.
if (import.meta.env.PROD) registerServiceWorker();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
