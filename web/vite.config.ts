import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/** Names this build for the data a device keeps (src/lib/keptCache.ts): a new build drops an older one's. */
const buildId = Date.now().toString(36);
const zodLocales = fileURLToPath(new URL("./src/lib/zodLocales.ts", import.meta.url));
/**
 * What / loads after its first paint (the footer's quote): kept out of the shared chunk, which
 * brings Mantine's components with it (e2e/firstLoad.spec.ts holds /'s budget).
 */
const LANDING_LATER = /[\\/](QuoteLines\.tsx|quoteOfTheDay\.ts|loveQuotes\.ts)$/;

/** The modules of /signin's form that other pages use too (see the "forms" chunk group). */
const SIGNIN_FORM =
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|Divider|Paper)[\\/]|[\\/]src[\\/]lib[\\/](returnFocus|passkeyProblem)\.ts$/;

/**
 * Our own modules, for the chunk groups that gather them: not a library's, not the landing's later
 * parts, and not one that imports zod (a shared chunk importing it would bring zod's chunk to every
 * page; see the groups below).
 */
function ownCode(id: string): boolean {
  if (/node_modules|zodLocales/.test(id) || LANDING_LATER.test(id) || !existsSync(id)) return false;
  let zod = importsZod.get(id);
  if (zod === undefined) {
    zod = /from "zod"/.test(readFileSync(id, "utf8"));
    importsZod.set(id, zod);
  }
  return !zod;
}
const importsZod = new Map<string, boolean>();

/**
 * A script of web/first-paint: what runs before the first paint, written into the page itself. Its
 * line ends as a browser hashes them (\n), whatever the checkout wrote.
 */
const firstPaintScript = (name: string) =>
  readFileSync(new URL(`./first-paint/${name}`, import.meta.url), "utf8").replaceAll("\r\n", "\n");
/** Where index.html takes the colour script (web/index.html). */
const COLOR_SCHEME_MARK = "<!-- first-paint: color-scheme.js -->";
/** A CSP source allowing exactly this inline script. */
const cspHash = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // The router plugin must come before react() so it can split route files first. A loader goes
    // with its page (the default keeps it, and the page's contract and zod, in the first load), and so
    // does the pendingComponent: it is the page itself, with its loading texts.
    tanstackRouter({
      target: "react",
      // The build-time render of / and /signin (prerender.tsx) loads its pages at once: nothing to split.
      autoCodeSplitting: !isSsrBuild,
      codeSplittingOptions: {
        defaultBehavior: [["loader", "component", "pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
      },
      quoteStyle: "double",
    }),
    react(),
    // The scripts that must run before the first paint, inline so that paint waits for no file:
    // the colours in index.html's head, and the kept copy's taps in the service worker's shell.
    // first-paint.json gives the worker the second (and its hash) and the server both hashes for its CSP.
    {
      name: "first-paint-scripts",
      transformIndexHtml(html) {
        if (!html.includes(COLOR_SCHEME_MARK)) throw new Error(`index.html has no ${COLOR_SCHEME_MARK}`);
        return html.replace(COLOR_SCHEME_MARK, () => `<script>${firstPaintScript("color-scheme.js")}</script>`);
      },
      generateBundle() {
        if (isSsrBuild) return;
        const snapshotScript = firstPaintScript("snapshot.js");
        const snapshotScriptHash = cspHash(snapshotScript);
        const scriptHashes = [cspHash(firstPaintScript("color-scheme.js")), snapshotScriptHash];
        this.emitFile({
          type: "asset",
          fileName: "first-paint.json",
          source: JSON.stringify({ snapshotScript, snapshotScriptHash, scriptHashes }),
        });
      },
    },
    // zod's list of languages in English only (src/lib/zodLocales.ts says why): half the zod chunk.
    {
      name: "zod-in-english",
      enforce: "pre",
      resolveId(source, importer) {
        if (
          source === "../locales/index.js" &&
          importer &&
          /[\\/]zod[\\/]v4[\\/](classic|mini|core)[\\/]/.test(importer)
        )
          return zodLocales;
      },
    },
  ],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
  // The build-time render is one file with its libraries in it: it resolves nothing at run time.
  ssr: { noExternal: true },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
    // React and the libraries in their production builds, as in the browser.
    ...(isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {}),
  },
  build: isSsrBuild
    ? { outDir: "dist-ssr", emptyOutDir: true, minify: true }
    : {
        outDir: "dist",
        emptyOutDir: true,
        // Read by scripts/route-preloads.mjs (each page's chunks, for the server's Link headers), then deleted.
        manifest: true,
        rolldownOptions: {
          output: {
            // Library code in two chunks instead of ~50: what index.html needs (React, the router,
            // TanStack Query, Mantine's core) and what only pages use (Mantine's components,
            // floating-ui...). A phone far away pays a round trip per file, so fewer files paint sooner.
            // zod has a chunk of its own: production reads answers without it (lib/api.ts), so only what
            // still parses (an error's body, the search page) fetches it.
            codeSplitting: {
              groups: [
                { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 4 },
                // Only Our year draws charts: recharts and what it brings (d3, redux, immer...) were
                // most of "kit", fetched and run by every page, /signin included. Only these modules:
                // what else they use (Mantine's hooks, react-is...) stays in "kit" for the other pages.
                {
                  name: "charts",
                  test: /node_modules[\\/](recharts|@mantine[\\/]charts|d3-[a-z-]+|victory-vendor|internmap|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3)[\\/]/,
                  includeDependenciesRecursively: false,
                  priority: 2,
                },
                // Only a passkey's prompt needs it, and it loads then.
                { name: "webauthn", test: /node_modules[\\/]@simplewebauthn[\\/]/, priority: 4 },
                // The toasts' library loads with the first toast (lib/toast.tsx), not with every page in "kit".
                {
                  name: "toasts",
                  test: (id: string) => /node_modules[\\/]react-toastify[\\/]/.test(id) && !/\.css$/.test(id),
                  // Its helpers (clsx) stay where Mantine uses them too, or every page would fetch this.
                  includeDependenciesRecursively: false,
                  priority: 4,
                },
                { name: "framework", test: /node_modules/, tags: ["$initial"], priority: 3 },
                // What /signin uses beyond "framework": Mantine's text inputs and our helpers its form shares
                // with other pages. In "kit" and "shared", they brought all of both to its first paint.
                { name: "forms", test: SIGNIN_FORM, priority: 2 },
                // Mantine's styles for the signed-in pages in a file of their own: in "kit" (where CSS
                // follows its chunk) /signin fetched them before its first paint.
                { name: "pageStyles", test: /[\\/]src[\\/]app[\\/]styles[\\/]pageStyles\.ts$/, priority: 5 },
                // Library code only: a library's stylesheet (react-toastify's) stays with the chunk that
                // imports it, so it loads with that code and not with every page.
                { name: "kit", test: (id: string) => /node_modules/.test(id) && !/\.css$/.test(id), priority: 1 },
                // Our own code in few files too: what the first load needs, then what two pages or more
                // share; a page's own code stays in its chunk. A return issues a preload per file, each
                // several ms of a phone's main thread: 7 files a page instead of 14-27. "app" is taken before
                // "forms", which takes what its modules import too: the first load's own (lib/api.ts) stays here.
                { name: "app", test: ownCode, tags: ["$initial"], priority: 3 },
                { name: "shared", test: ownCode, minShareCount: 2, priority: 0 },
              ],
            },
          },
        },
      },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    // Each worker keeps its loaded modules between files (each file renders its own app, router and
    // query client); a test that changes a shared module's object puts it back.
    isolate: false,
    // Each test renders the whole app (router, query, Mantine) in jsdom: about a second on a quiet
    // machine, several on a busy 2-core CI box.
    testTimeout: 30_000,
  },
}));
