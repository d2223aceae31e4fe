import { KEPT_CACHE_COOKIE, KEPT_CACHE_MAX_AGE_MS } from "@spankbank/shared/limits";
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { onlineManager, type Query, type QueryClient } from "@tanstack/react-query";
import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSave,
} from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import { keepingAllowed } from "./otherTabs";

/** Vite's build writes it (vite.config.ts): a new build never reads an older one's data. */
declare const __BUILD_ID__: string;

const KEY = "spankbank:query-cache";

// Each call in a promise: without IndexedDB, idb-keyval throws before it returns one.
const storage = {
  getItem: async (key: string) => (await get<string>(key)) ?? null,
  setItem: async (key: string, value: string) => set(key, value),
  removeItem: async (key: string) => del(key),
};
/** When this device last dropped what it kept (a sign-out, another partner signing in). */
let forgottenAt = 0;
/** When this page last asked to keep the cache, and the writes it asked for that are still going on. */
let lastAskedAt = 0;
const writing = new Set<Promise<unknown>>();
/** Whether a copy of the cache made at `madeAt` comes after the last time it was dropped. */
const sinceLastForgotten = (madeAt: number) => madeAt > forgottenAt;

/**
 * A read that failed after the page had its data (the connection went) leaves that data on screen:
 * it is kept as what was seen last, not as the failure, so the next visit shows it too.
 * A write of the cache as it was before the last sign-out (still waiting for the one before it to
 * finish) is not made: it would bring back the partner who signed out.
 */
const serialize = (client: PersistedClient) => {
  if (!sinceLastForgotten(client.timestamp)) throw new Error("kept cache: this copy is from before a sign-out");
  return JSON.stringify({
    ...client,
    clientState: {
      ...client.clientState,
      queries: client.clientState.queries.map((query) =>
        query.state.status === "error"
          ? {
              ...query,
              state: { ...query.state, status: "success", error: null, fetchFailureCount: 0, fetchFailureReason: null },
            }
          : query,
      ),
    },
  });
};
/**
 * Writes what the cache holds now. A write a page leaves behind is aborted as the page unloads (its
 * IndexedDB connection closes), so the kept data is written as soon as it changes, not later.
 */
const persister = createAsyncStoragePersister({ storage, key: KEY, serialize, throttleTime: 0 });

const options = (queryClient: QueryClient) => ({
  queryClient,
  persister,
  buster: __BUILD_ID__,
  maxAge: KEPT_CACHE_MAX_AGE_MS,
  dehydrateOptions: {
    // Every read that has data, whether or not its last try reached the server.
    shouldDehydrateQuery: (query: Query) => query.state.data !== undefined,
    // No write: one brought back has no mutationFn to send it (a story save queued behind another
    // counts as paused and held every later save of the game back); what a page had not sent yet
    // is kept by the page itself (the story's unsent game, the drafts).
    shouldDehydrateMutation: () => false,
  },
});

/**
 * Puts the data this device kept from its last visit (IndexedDB) back in the query cache, so a
 * return paints the last-known pages at once, then keeps it up to date as the cache changes. A
 * device without IndexedDB (a private window) simply starts empty.
 */
export async function restoreKeptCache(queryClient: QueryClient): Promise<void> {
  await persistQueryClientRestore(options(queryClient)).catch(() => undefined);
  const keepNow = () => {
    if (!keepingAllowed()) return;
    const askedAt = Date.now();
    lastAskedAt = askedAt;
    const saved = persistQueryClientSave(options(queryClient))
      .then(() => {
        if (sinceLastForgotten(askedAt)) sayKept(true);
      })
      .catch(() => undefined);
    writing.add(saved);
    void saved.finally(() => writing.delete(saved));
  };
  keepOnceSettled(queryClient, keepNow);
  addEventListener("pagehide", keepNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keepNow();
  });
}

/**
 * Keeps the cache each time its reads have settled, in the task after the last one answers: a
 * partner who glances at a page and moves on within a second leaves it kept as they saw it. (The
 * library's own subscription writes at most once a second, the first time at once: a page that
 * lived less than a second wrote back only what it had restored, and the next page restored that.)
 */
function keepOnceSettled(queryClient: QueryClient, keepNow: () => void): void {
  let scheduled = false;
  const keepIfSettled = () => {
    scheduled = false;
    if (queryClient.isFetching() === 0) keepNow();
  };
  queryClient.getQueryCache().subscribe((event) => {
    const changed = event.type === "removed" || (event.type === "updated" && event.action.type !== "fetch");
    if (!changed || scheduled || queryClient.isFetching() > 0) return;
    scheduled = true;
    setTimeout(keepIfSettled, 0);
  });
}

/**
 * A return paints what was kept before asking the server again: until the returned `release` is
 * called (once that first page is on screen), a page mounting does not read its kept queries again,
 * whose answers would otherwise arrive mid-render and render the page a second time. Then, online,
 * everything kept is last-known, never fresh: the queries on screen are read again behind it, and
 * every other page reads its own when it is opened.
 */
export function holdRereadsUntilPainted(queryClient: QueryClient): () => void {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, refetchOnMount: false } });
  return () => {
    queryClient.setDefaultOptions(defaults);
    if (onlineManager.isOnline()) void queryClient.invalidateQueries();
  };
}

/** Drops what this device kept: on sign-out, and when a partner signs in (nothing of another may show). */
export function forgetKeptCache(): Promise<void> {
  const at = Date.now();
  forgottenAt = at;
  sayKept(false);
  const asked = [...writing];
  // A write asked before this one may still land after the delete: once those are done, it is
  // deleted again (never waited for: a sign-out does not hang on a slow disk), unless this page has
  // asked to keep what came since (a new partner's pages).
  if (asked.length > 0) {
    void Promise.allSettled(asked)
      .then(() => (lastAskedAt <= at ? del(KEY) : undefined))
      .catch(() => undefined);
  }
  return (async () => del(KEY))().catch(() => undefined);
}

/**
 * Tells the server, with every page asked for, whether this device keeps data (KEPT_CACHE_COOKIE):
 * a page that shows what it kept reads again only what is on screen, so a read the server preloaded
 * for another of its queries would stay unused in the page, and could answer for the next partner
 * signing in there.
 */
function sayKept(kept: boolean): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const maxAge = kept ? KEPT_CACHE_MAX_AGE_MS / 1000 : 0;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the phones' older browsers (Safari before 18.4)
  document.cookie = `${KEPT_CACHE_COOKIE}=1; Path=/; Max-Age=${maxAge}; SameSite=Strict${secure}`;
}
