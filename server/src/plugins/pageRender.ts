import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { VIEW_COOKIE } from "@spankbank/shared/limits";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { PageAssets } from "./web.js";

/** What web/src/entry-server.tsx answers for a page (its `Rendered`). */
type Rendered =
  | { kind: "page"; html: string; state: string }
  | { kind: "redirect"; location: string }
  | { kind: "browser"; why: string };

interface EntryServer {
  renderPage(
    href: string,
    send: (url: string, init: RequestInit) => Promise<Response>,
    viewCookie: string | undefined,
  ): Promise<Rendered>;
}

/** index.html's 'Loading...' (web/index.html), which the rendered page takes the place of. */
const ROOT_PLACEHOLDER = /<div id="root">[\s\S]*?<\/div>/;
/** index.html's main script and its module preloads, which a rendered page starts after its first paint instead. */
const MAIN_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
/** A phone's page waits for its render at most this long; after it, the browser renders it. */
const RENDER_BUDGET_MS = 2_000;

export interface PageRenderer {
  /**
   * The page at `request.url` for this request's partner, with `assets` (its code and styles, when
   * the build listed them), or null when the browser renders it.
   */
  render(
    request: FastifyRequest,
    assets: PageAssets | undefined,
  ): Promise<{ html: string } | { redirect: string } | null>;
}

/**
 * Renders pages on the server with the web build's `dist-ssr/entry-server.js` (beside `webRoot`,
 * never inside it: it is not served), when the build has one. Each page's /api reads go to this
 * app in process (`inject`) with the request's own cookie, so a render reads exactly what that
 * partner's browser would, and nothing of the other's.
 */
export function pageRenderer(app: FastifyInstance, webRoot: string, template: string): PageRenderer | undefined {
  const file = join(webRoot, "..", "dist-ssr", "entry-server.js");
  const main = MAIN_SCRIPT.exec(template)?.[1];
  if (!existsSync(file) || !ROOT_PLACEHOLDER.test(template) || !main) return undefined;
  const shell = template.replace(MODULE_PRELOAD, "");
  let entry: Promise<EntryServer> | undefined;
  // Loaded once the server listens, so the first page does not wait for it and the start does not either.
  const load = () => {
    entry ??= import(pathToFileURL(file).href) as Promise<EntryServer>;
    return entry;
  };
  app.addHook("onListen", (done) => {
    load().catch(() => undefined);
    done();
  });

  return {
    async render(request, assets) {
      const send = async (url: string, init: RequestInit) => {
        if ((init.method ?? "GET") !== "GET") throw new Error(`A page's render only reads: ${init.method} ${url}`);
        const answer = await app.inject({
          method: "GET",
          url,
          headers: { accept: "application/json", cookie: request.headers.cookie ?? "" },
        });
        const headers = new Headers({ "content-type": String(answer.headers["content-type"] ?? "") });
        return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
          status: answer.statusCode,
          headers,
        });
      };
      let timer: NodeJS.Timeout | undefined;
      const outOfTime = new Promise<Rendered>((resolve) => {
        timer = setTimeout(
          () => resolve({ kind: "browser", why: `no render within ${RENDER_BUDGET_MS} ms` }),
          RENDER_BUDGET_MS,
        );
      });
      try {
        const { renderPage } = await load();
        const rendered = await Promise.race([renderPage(request.url, send, request.cookies[VIEW_COOKIE]), outOfTime]);
        if (rendered.kind === "redirect") return { redirect: rendered.location };
        if (rendered.kind === "browser") {
          request.log.debug({ why: rendered.why }, "page left to the browser to render");
          return null;
        }
        return { html: withPage(shell, rendered, assets ?? { scripts: [main], styles: [] }) };
      } catch (error) {
        // The browser renders any page the server could not: a failure here costs speed, never the page.
        request.log.warn({ err: error }, "the page's server render failed; the browser renders it");
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * index.html with the page in #root and the data it was rendered from beside it, for hydration;
 * the page's own stylesheets linked, so it paints styled; and its scripts started by page-boot.js
 * (web/public) once it has painted: on a phone's thin connection the page and its styles get the
 * bandwidth first, the scripts that make it live come right after.
 */
function withPage(shell: string, { html, state }: { html: string; state: string }, assets: PageAssets): string {
  const styles = assets.styles
    .filter((style) => !shell.includes(`href="${style}"`))
    .map((style) => `<link rel="stylesheet" crossorigin href="${style}">`)
    .join("");
  const data = `<script type="application/json" id="page-data">${inScript(state)}</script>`;
  const code = `<script type="application/json" id="page-code">${inScript(JSON.stringify(assets.scripts))}</script>`;
  return (
    shell
      .replace(MAIN_SCRIPT, () => `${styles}<script defer src="/page-boot.js"></script>`)
      // inert until the app is live (main.tsx): text typed into a field React has not yet taken over
      // would be mangled by the hydration, so the page is read-only for those few moments.
      .replace(ROOT_PLACEHOLDER, () => `<div id="root" inert>${html}</div>${data}${code}`)
  );
}

/** JSON that can never close its script element: `<` written as \u003c, which JSON.parse reads back as `<`. */
function inScript(json: string): string {
  return json.replace(/</g, "\\u003c");
}
