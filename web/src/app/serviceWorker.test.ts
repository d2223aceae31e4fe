import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { KEPT_CACHE_MAX_AGE_MS } from "@spankbank/shared/limits";
import { expect, it } from "vitest";

const SHELL =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root">Loading...</div></body></html>';

/** web/scripts/sw.template.js as a browser runs it: its build, its two caches, and a navigation to `path`. */
async function navigate(path: string, pages: Record<string, object>): Promise<string> {
  const listeners: Record<string, (event: unknown) => void> = {};
  const stores: Record<string, Map<string, Response>> = {
    "spankbank-v1": new Map([["/index.html", new Response(SHELL, { headers: { "content-type": "text/html" } })]]),
    "spankbank-pages": new Map(Object.entries(pages).map(([key, page]) => [key, new Response(JSON.stringify(page))])),
  };
  runInNewContext(readFileSync(join(__dirname, "../../scripts/sw.template.js"), "utf8"), {
    self: {
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        listeners[type] = listener;
      },
      location: { origin: "https://love.example" },
    },
    BUILD: {
      version: "v1",
      files: [],
      preloads: {},
      snapshotScript: "/*snapshot*/",
      snapshotScriptHash: "'sha256-x'",
      keptMaxAgeMs: KEPT_CACHE_MAX_AGE_MS,
    },
    caches: {
      match: async (key: string, { cacheName }: { cacheName: string }) => stores[cacheName]?.get(key)?.clone(),
    },
    fetch: async () => new Response("from the network"),
    Response,
    Headers,
    URL,
    decodeURIComponent,
    Object,
    Date,
  });
  let answer: Promise<Response> | undefined;
  listeners.fetch!({
    request: { method: "GET", url: `https://love.example${path}`, mode: "navigate", headers: new Headers() },
    respondWith: (response: Promise<Response>) => {
      answer = response;
    },
  });
  return (await answer!).text();
}

/** Alex's letters page as the app kept it `daysAgo` days ago. */
const alexsLetters = (daysAgo: number) => ({
  "/__page/letters": {
    script: "/assets/index-abc.js",
    styles: "",
    root: "<main><p>Alex's sealed words for Sam: meet me at the lake</p></main>",
    menu: "",
    keptAt: Date.now() - daysAgo * 24 * 60 * 60 * 1000,
  },
});

it("paints a page as it was kept for a return within the days the app keeps its data", async () => {
  expect(await navigate("/letters", alexsLetters(1))).toContain("meet me at the lake");
});

it("never paints a copy kept longer ago than the app keeps its data: whose session it was may be long over", async () => {
  const page = await navigate("/letters", alexsLetters(8));
  expect(page).not.toContain("meet me at the lake");
  expect(page).toContain('<div id="root">Loading...</div>');
});
