/**
 * The server's rendering of a page (built by `vite build --ssr` into dist-ssr/, loaded by the
 * server's plugins/pageRender.ts): the page's HTML with its data, so a phone far away paints the
 * page with the first answer instead of after the scripts, the session and the data have each
 * crossed the network in turn. The browser then hydrates it (main.tsx) from the same data.
 *
 * It renders exactly what the browser's first render will be, or nothing: a page whose data could
 * not all be read, or that ended in an error page, is left to the browser, as before.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type DehydratedState, dehydrate } from "@tanstack/react-query";
import { createMemoryHistory } from "@tanstack/react-router";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { App } from "./app/App";
import { createApp } from "./app/createApp";
import { sessionQueryOptions } from "./features/session/api/getSession";
import { type ApiFetch, readApiFetchFrom } from "./lib/apiFetch";
import { parseView, readViewFrom, type View } from "./lib/view";

/** What became of a page's rendering. */
/** What the page carries for its hydration (main.tsx reads it back). */
export interface PageData {
  queries: DehydratedState;
  renderedAt: number;
}

export type Rendered =
  /** The page's HTML (the inside of #root) and what it was rendered from (query cache, time), as JSON. */
  | { kind: "page"; html: string; state: string }
  /** The page sends this visitor elsewhere (signed out, or / when signed in): an HTTP redirect. */
  | { kind: "redirect"; location: string }
  /** Not rendered here: the browser renders it, from index.html's 'Loading...'. */
  | { kind: "browser"; why: string };

/** One page's render: its request's way to /api, the browser's view and the time it renders at. */
interface PageRender {
  send: ApiFetch;
  view: View | undefined;
  renderedAt: number;
}

// Each page's reads go with the request that asked for the page (its cookie): never another's.
const renders = new AsyncLocalStorage<PageRender>();
const current = (): PageRender => {
  const render = renders.getStore();
  if (!render) throw new Error("A page's render read its request outside of it");
  return render;
};
readApiFetchFrom(() => current().send);
readViewFrom(current);

/**
 * Renders the page at `href` (path and query), reading /api through `send`, with dates and numbers
 * as the browser shows them (`viewCookie`, the `view` cookie main.tsx writes). Without it, the
 * server cannot write what the browser will: it still redirects, and leaves the page to the browser.
 */
export function renderPage(href: string, send: ApiFetch, viewCookie: string | undefined): Promise<Rendered> {
  return renders.run({ send, view: parseView(viewCookie), renderedAt: Date.now() }, () => render(href));
}

async function render(href: string): Promise<Rendered> {
  const { router, queryClient } = createApp(createMemoryHistory({ initialEntries: [href] }));
  // Scroll restoration's inline script is refused by the page's CSP; the browser restores scroll itself.
  router.update({ ...router.options, scrollRestoration: false });
  const session = await queryClient.fetchQuery({ ...sessionQueryOptions, retry: false }).catch(() => undefined);
  if (session === undefined) return { kind: "browser", why: "the session could not be read" };
  await router.load();
  const result = router._serverResult;
  if (result?.type === "redirect") {
    const location = result.redirect.headers.get("Location");
    if (location) return { kind: "redirect", location };
  }
  if (result?.type !== "render" || result.status !== 200) return { kind: "browser", why: "no page to render" };
  // Where to send a visitor needs no view; writing the page's dates does.
  if (!current().view) return { kind: "browser", why: "the browser's locale and time zone are not known yet" };
  const failed = router.state.matches.find((match) => match.status !== "success");
  if (failed) return { kind: "browser", why: `${failed.routeId} ended ${failed.status}` };
  // A read that failed would be read again in the browser, which would then render something else.
  const unread = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status !== "success" });
  if (unread.length > 0) return { kind: "browser", why: `${unread.length} reads failed` };
  // prerender, not renderToString: it waits for what the page loads as it renders (the footer's
  // quote, the story), so the HTML is the whole page, as the browser's first render will be.
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
    // Every part in its place: past this size React sends parts after the page with inline
    // scripts to move them in, which the page's CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const state = JSON.stringify({
    queries: dehydrate(queryClient),
    renderedAt: current().renderedAt,
  } satisfies PageData);
  queryClient.clear();
  return { kind: "page", html, state };
}
