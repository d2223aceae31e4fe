import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const MAIN = "/assets/index-Ab12Cd34.js";
const shell = `<!doctype html><html><head><script type="module" crossorigin src="${MAIN}"></script>
<link rel="modulepreload" crossorigin href="/assets/framework-X1.js">
<link rel="stylesheet" crossorigin href="/assets/index-X0.css"></head>
<body><div id="root"><main class="first-load"><p role="status">Loading...</p></main></div></body></html>\n`;

/**
 * A stand-in for the web build's dist-ssr/entry-server.js with the same `renderPage` contract: it
 * reads the session through the `send` it is given and writes who it was for, the way the real
 * one reads a page's data; /redirect-me redirects, /fail-me throws, any other page renders.
 */
const entryServer = `
export async function renderPage(href, send, viewCookie) {
  if (href === "/fail-me") throw new Error("a render that fails");
  if (href === "/redirect-me") return { kind: "redirect", location: "/signin?redirect=%2Fredirect-me" };
  if (!viewCookie) return { kind: "browser", why: "no view" };
  const session = await (await send("/api/auth/session", { method: "GET" })).json();
  const name = session ? session.user.displayName : "nobody";
  return { kind: "page", html: "<h1>Hello, " + name + "</h1>", state: JSON.stringify({ note: "</script><script>alert(1)</script>" }) };
}
`;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A built web app beside its server render: dist/ (served) and dist-ssr/ (never served). */
function builtWithServerRender(): string {
  const root = mkdtempSync(join(tmpdir(), "spankbank-ssr-"));
  roots.push(root);
  mkdirSync(join(root, "dist"));
  mkdirSync(join(root, "dist-ssr"));
  writeFileSync(join(root, "dist", "index.html"), shell);
  writeFileSync(join(root, "dist-ssr", "entry-server.js"), entryServer);
  writeFileSync(
    join(root, "dist", "route-preloads.json"),
    JSON.stringify({
      "/dashboard": {
        scripts: [MAIN, "/assets/framework-X1.js", "/assets/dashboard-X2.js"],
        styles: ["/assets/index-X0.css", "/assets/kit-X3.css"],
      },
    }),
  );
  return join(root, "dist");
}

const VIEW = `view=${encodeURIComponent(JSON.stringify({ locale: "en-US", timeZone: "UTC" }))}`;

describe("a page rendered on the server", () => {
  it("is rendered with the requesting partner's own session, and each partner gets their own", async () => {
    const test = await buildTestApp({ webRoot: builtWithServerRender() });
    for (const [username, name] of [
      ["alex", "Alex"],
      ["sam", "Sam"],
    ] as const) {
      const reply = await test.app.inject({
        method: "GET",
        url: "/dashboard",
        headers: { cookie: `${sessionCookie(test, username)}; ${VIEW}` },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["cache-control"]).toBe("no-store");
      // inert until the app is live: nothing typed before hydration can be mangled by it.
      expect(reply.body).toContain(`<div id="root" inert><h1>Hello, ${name}</h1></div>`);
    }
  });

  it("keeps its data inside its script element, links the page's styles and starts its scripts from page-boot.js", async () => {
    const test = await buildTestApp({ webRoot: builtWithServerRender() });
    const reply = await test.app.inject({
      method: "GET",
      url: "/dashboard",
      headers: { cookie: `${sessionCookie(test, "alex")}; ${VIEW}`, "accept-encoding": "br" },
    });
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers.link).toBeUndefined();
    const html = brotliDecompressSync(reply.rawPayload).toString();
    expect(html).not.toContain("</script><script>alert(1)");
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual({ note: "</script><script>alert(1)</script>" });
    const code = /<script type="application\/json" id="page-code">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(code!)).toEqual([MAIN, "/assets/framework-X1.js", "/assets/dashboard-X2.js"]);
    // The page's own stylesheet is added once; index.html's own is not repeated.
    expect(html.match(/href="\/assets\/kit-X3\.css"/g)).toHaveLength(1);
    expect(html.match(/href="\/assets\/index-X0\.css"/g)).toHaveLength(1);
    // Its scripts start after its first paint: no module script or module preload in the page itself.
    expect(html).toContain('<script defer src="/page-boot.js"></script>');
    expect(html).not.toContain(`src="${MAIN}"`);
    expect(html).not.toContain("modulepreload");
  });

  it("redirects when the app would, and leaves a page it cannot render, or that fails, to the browser", async () => {
    const test = await buildTestApp({ webRoot: builtWithServerRender() });
    const redirect = await test.app.inject({ method: "GET", url: "/redirect-me", headers: { cookie: VIEW } });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("/signin?redirect=%2Fredirect-me");
    for (const [url, cookie] of [
      ["/fail-me", VIEW],
      ["/dashboard", ""],
    ] as const) {
      const reply = await test.app.inject({ method: "GET", url, headers: { cookie } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toBe(shell);
      expect(reply.headers["cache-control"], url).toBe("no-cache");
    }
  });
});
