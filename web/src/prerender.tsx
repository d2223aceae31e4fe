/**
 * The two pages that hold no one's data, / and /signin, rendered to HTML at build time (built by
 * `vite build --ssr`, run by scripts/prerender.mjs): a first visit paints the page with the first
 * answer, before any script has run. main.tsx then renders the app over it.
 */
import { coupleSummaryOf, type SessionReply, sessionUserOf } from "@spankbank/shared/contract/auth";
import { demoCouple } from "@spankbank/shared/demoCouple";
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

/**
 * The API reads the page at `path` starts as it loads for `signedIn` (its loaders'), recorded
 * instead of sent: the server asks for them with the page (`Link` preloads), so a first load's
 * data arrives beside its code instead of after it has run.
 */
export async function readsOf(path: string, signedIn: SessionReply): Promise<string[]> {
  const reads: string[] = [];
  const sent = globalThis.fetch;
  // Each read is answered at once with a refusal (never tried again): only what is asked matters,
  // and a read that waits for another's answer depends on data, not one to ask for ahead.
  globalThis.fetch = async (input, init) => {
    if ((init?.method ?? "GET") === "GET") reads.push(String(input));
    return Response.json({ statusCode: 404, error: "Not Found", message: "Recorded at build" }, { status: 404 });
  };
  // Each refused read is logged by the page as a failure: not one here, where every read is refused.
  const logged = console.error;
  console.error = () => undefined;
  const { router, queryClient } = createApp(createMemoryHistory({ initialEntries: [path] }));
  try {
    queryClient.setQueryData(sessionQueryOptions.queryKey, signedIn);
    // Done once every loader of the page has run (its code loaded, its reads refused).
    await router.load();
    return [...new Set(reads)];
  } finally {
    globalThis.fetch = sent;
    console.error = logged;
    queryClient.clear();
  }
}

/**
 * The reads of `path` that are the same whoever is signed in, in whichever couple: asked as the
 * demo couple's first partner, then as the second in a couple named and zoned otherwise. Only
 * those may go out with the page for any partner.
 */
export async function pageReads(path: string): Promise<string[]> {
  const couple = coupleSummaryOf(demoCouple.partners, demoCouple, false);
  const [first, second] = demoCouple.partners;
  const asFirst = await readsOf(path, { user: sessionUserOf(first), couple, colorScheme: "auto" });
  const asSecond = await readsOf(path, {
    user: sessionUserOf(second),
    couple: { ...couple, charityName: `Not ${couple.charityName}`, timeZone: "UTC" },
    colorScheme: "dark",
  });
  return asFirst.filter((read) => asSecond.includes(read));
}
