import { createMemoryHistory } from "@tanstack/react-router";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sessionQueryOptions } from "@/features/session/api/getSession";
import { sessionReplyFor } from "@/test/handlers/auth";
import { App } from "./App";
import { createApp } from "./createApp";
import { startFirstLoad } from "./firstLoad";

/** A CacheStorage as small as pageSnapshot.ts and sw.template.js use it. */
function fakeCaches() {
  const store = new Map<string, Map<string, string>>();
  const caches = {
    open: async (name: string) => {
      if (!store.has(name)) store.set(name, new Map());
      const cache = store.get(name)!;
      return {
        put: async (key: string, response: Response) => void cache.set(String(key), await response.text()),
        match: async (key: string) => (cache.has(key) ? new Response(cache.get(key)) : undefined),
        keys: async () => [...cache.keys()],
      };
    },
    delete: async (name: string) => store.delete(name),
  };
  Object.defineProperty(window, "caches", { configurable: true, value: caches });
  return store;
}
afterEach(() => {
  delete (window as { caches?: unknown }).caches;
});

/** Alex's letters page as the app kept it, last time Alex was signed in on this browser. */
const ALEX_PAGE = JSON.stringify({
  script: "/assets/index-abc.js",
  styles: "",
  root: "<main><h1>Letters for later</h1><p>Alex's sealed words for Sam: meet me at the lake</p></main>",
  menu: "",
});

const alexsCopies = (store: Map<string, Map<string, string>>) =>
  [...(store.get("spankbank-pages")?.entries() ?? [])].filter(([, page]) => page.includes("Alex's sealed words"));

describe("the page copies a device kept, once nobody is signed in on it", () => {
  it("a kept session that ended forgets Alex's copies", async () => {
    const store = fakeCaches();
    (await caches.open("spankbank-pages")).put("/__page/letters", new Response(ALEX_PAGE));
    const { router, queryClient } = createApp(createMemoryHistory({ initialEntries: ["/letters"] }));
    queryClient.setQueryData(sessionQueryOptions.queryKey, sessionReplyFor("alex"));
    await startFirstLoad(router, queryClient, Promise.resolve());
    render(<App router={router} queryClient={queryClient} />);
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    await waitFor(() => expect(alexsCopies(store)).toEqual([]));
  });

  it("a signed-out visitor's first load (Alex's kept data past its 7 days, or dropped) forgets Alex's copies too", async () => {
    const store = fakeCaches();
    (await caches.open("spankbank-pages")).put("/__page/letters", new Response(ALEX_PAGE));
    // Nothing kept in IndexedDB any more (maxAge passed): the query cache starts empty.
    const { router, queryClient } = createApp(createMemoryHistory({ initialEntries: ["/letters"] }));
    await startFirstLoad(router, queryClient, Promise.resolve());
    render(<App router={router} queryClient={queryClient} />);
    // The server says nobody is signed in: the visitor is sent to sign in...
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    // ...and Alex's copy of /letters, which the service worker paints on the next visit to it, is gone.
    await waitFor(() => expect(alexsCopies(store).map(([key]) => key)).toEqual([]));
  });
});
