/**
 * The two pages that hold no one's data, / and /signin, rendered to HTML at build time (built by
 * `vite build --ssr`, run by scripts/prerender.mjs): a first visit paints the page with the first
 * answer, before any script has run. main.tsx then renders the app over it.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { App } from "./app/App";
import { createApp } from "./app/createApp";
import { sessionQueryOptions } from "./features/session/api/getSession";

/** The inside of #root for a signed-out visitor at `path`. */
export async function renderSignedOut(path: string): Promise<string> {
  const { router, queryClient } = createApp(createMemoryHistory({ initialEntries: [path] }));
  // Scroll restoration writes an inline script, which the page's CSP refuses.
  router.update({ ...router.options, scrollRestoration: false });
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  await router.load();
  // prerender, not renderToString: it waits for what the page loads as it renders, so the HTML is
  // the whole page. Every part in its place: past this size React would move parts in with inline scripts.
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // Its queries' collection timers would keep the build's process alive for days.
  queryClient.clear();
  return html;
}
