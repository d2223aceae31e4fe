import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import fastifyStatic from "@fastify/static";
import { KEPT_CACHE_COOKIE } from "@spankbank/shared/limits";
import type { FastifyInstance } from "fastify";
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from "./caching.js";

/** What the build wrote to route-preloads.json: per page's path, the code and styles it loads (main bundle first). */
export type RouteAssets = Record<string, PageAssets>;
export interface PageAssets {
  scripts: string[];
  styles: string[];
}

/**
 * Serves the built web app, with the .br and .gz copies the build wrote when the browser accepts
 * them. Any other GET that is not under /api gets index.html (or, for / and /signin, the page
 * prerendered at build), so a hard load of a client route works, with `Link` headers preloading
 * that page's code; an unknown /api path is a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, "index.html"));
  const assets = hasWeb ? routeAssets(webRoot) : {};
  const preloads = codePreloads(assets);
  const reads = hasWeb ? readPreloads(webRoot) : new Map<string, string[]>();
  const prerendered = hasWeb ? prerenderedPages(webRoot) : new Map<string, string>();
  if (hasWeb) {
    const assetsDir = join(webRoot, "assets");
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are found beside each file; they need no route of their own.
      globIgnore: ["**/*.br", "**/*.gz"],
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so those never change.
        if (path.startsWith(assetsDir)) reply.header("Cache-Control", CACHE_IMMUTABLE);
        // The service worker names the build it caches: the browser must see a new one at once.
        else if (/^(index\.html|sw\.js)/.test(basename(path))) reply.header("Cache-Control", CACHE_REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
    if (isPage && hasWeb) {
      const path = pagePath(request.url);
      reply.header("Cache-Control", CACHE_REVALIDATE);
      // A signed-in partner's page also asks for its data (only as its loaders ask for it, with no
      // search of its own): it arrives beside the code instead of after the code has run. Not on a
      // device that kept its data: that page shows what it kept and reads again only what it shows.
      const cold = request.user && !request.url.includes("?") && request.cookies[KEPT_CACHE_COOKIE] === undefined;
      const pageReads = cold ? reads.get(path) : undefined;
      reply.header("Link", browserRenderLinks(preloads.get(path), pageReads));
      // `/` and `/signin` were rendered at build for a signed-out visitor (they hold no one's data);
      // a signed-in partner, whom both send on, and every other page get the app's shell.
      const page = request.user ? undefined : prerendered.get(path);
      if (prerendered.has(path)) reply.header("Vary", "Cookie");
      return reply.type("text/html").sendFile(page ?? "index.html");
    }
    reply.header("Cache-Control", "no-store");
    return reply.code(404).send({
      statusCode: 404,
      error: "Not Found",
      message: `Route ${request.method}:${request.url.split("?")[0]} not found`,
    });
  });
}

/** `/api`, `/API/...`, `/%61pi/...`: every spelling of the API's prefix is the API, never the page. */
function isApiPath(url: string): boolean {
  const path = url.split("?")[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {}
  return /^\/api(\/|$)/i.test(decoded);
}

/**
 * Every page starts with the session check (SessionGate): the browser asks for it with the page,
 * beside the scripts, instead of after they have run. `crossorigin` makes it the same CORS,
 * same-origin-credentials request as the app's fetch, which the browser answers from this preload.
 */
const SESSION_PRELOAD = "</api/auth/session>; rel=preload; as=fetch; crossorigin";

/**
 * The `Link` preloads of each page's code, by path: its route chunks as module preloads and its
 * stylesheets as style preloads, so they download beside the main bundle rather than after the
 * session answers (no inline script is allowed to start them sooner).
 */
function codePreloads(assets: RouteAssets): Map<string, PageCode> {
  return new Map(
    Object.entries(assets).map(([path, { scripts, styles }]) => [
      path,
      // crossorigin as Vite's loader asks, or the browser would not reuse the copies.
      {
        main: `<${scripts[0]}>; rel=modulepreload; crossorigin`,
        rest: [
          ...styles.map((style) => `<${style}>; rel=preload; as=style; crossorigin`),
          ...scripts.slice(1).map((script) => `<${script}>; rel=modulepreload; crossorigin`),
        ],
      },
    ]),
  );
}

/** What the build wrote to route-preloads.json; an older build without the file has none. */
function routeAssets(webRoot: string): RouteAssets {
  const file = join(webRoot, "route-preloads.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as RouteAssets) : {};
}

/** A page's code preloads: the main bundle, then its styles (the main bundle's first) and the page's own chunks. */
interface PageCode {
  main: string;
  rest: string[];
}

/**
 * The `Link` header of a page: its code, in the order the browser should fetch it, with the session
 * check after the main bundle (every page starts with it), then the page's reads, if any.
 */
function browserRenderLinks(code: PageCode | undefined, reads: string[] = []): string {
  const data = [SESSION_PRELOAD, ...reads];
  return (code ? [code.main, ...data, ...code.rest] : data).join(", ");
}

/**
 * What the build wrote to page-reads.json (web/scripts/prerender.mjs): per page's path, the reads
 * its loaders start, as `Link` preloads fetched as the app fetches them (see SESSION_PRELOAD).
 */
function readPreloads(webRoot: string): Map<string, string[]> {
  const file = join(webRoot, "page-reads.json");
  if (!existsSync(file)) return new Map();
  const reads = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  // Each goes into a header as it is: anything but a plain /api path is a broken build, said at start.
  for (const urls of Object.values(reads)) {
    if (!Array.isArray(urls) || !urls.every((url) => typeof url === "string" && API_READ.test(url))) {
      throw new Error(`${file}: each page's reads must be a list of /api paths; build the web app again`);
    }
  }
  return new Map(
    Object.entries(reads as Record<string, string[]>).map(([path, urls]) => [
      path,
      urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`),
    ]),
  );
}

/**
 * The CSP sources of the scripts the build writes into its pages (web/first-paint: the colours in
 * index.html's head, the kept copy's script in the service worker's shell), from first-paint.json;
 * none without a build, or from a build that had none.
 */
export function firstPaintScriptSources(webRoot: string | undefined): string[] {
  const file = webRoot === undefined ? undefined : join(webRoot, "first-paint.json");
  if (file === undefined || !existsSync(file)) return [];
  const { scriptHashes } = JSON.parse(readFileSync(file, "utf8")) as { scriptHashes?: unknown };
  // Only hash sources go into script-src: anything else in the file is a broken build, said at start.
  if (!Array.isArray(scriptHashes) || !scriptHashes.every((source) => CSP_HASH.test(String(source)))) {
    throw new Error(`${file}: scriptHashes must be a list of 'sha256-...' sources; build the web app again`);
  }
  return scriptHashes as string[];
}

const API_READ = /^\/api\/[\w\-./?=&%]*$/;

const CSP_HASH = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/;

/** The pages web/scripts/prerender.mjs wrote, by path: the file to send for each. */
function prerenderedPages(webRoot: string): Map<string, string> {
  const file = join(webRoot, "prerendered.json");
  if (!existsSync(file)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>));
}

/** `/dashboard/?tab=x` -> `/dashboard`: the route a page's URL names. */
function pagePath(url: string): string {
  const path = url.split("?")[0]!.split("#")[0]!;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}
