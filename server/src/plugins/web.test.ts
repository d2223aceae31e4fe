import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { createProduct } from "@spankbank/db/products";
import { COMPRESS_FROM_BYTES, LIST_WINDOW } from "@spankbank/shared/limits";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, userIdOf } from "../test/app.js";
import { sessionCookie } from "../test/session.js";

const ASSET = "/assets/index-Ab12Cd34.js";
/** The app's fetch of the session, started with the page: same URL, CORS mode, same-origin credentials. */
const SESSION_PRELOAD = "</api/auth/session>; rel=preload; as=fetch; crossorigin";
const script = `console.log(${JSON.stringify("a hashed chunk ".repeat(200))});\n`;
const page = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>\n`;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A built web app as `npm run build` leaves it: index.html and a hashed asset, each with .br and .gz copies. */
function builtWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "spankbank-web-"));
  roots.push(root);
  mkdirSync(join(root, "assets"));
  for (const [path, content] of [
    ["index.html", page],
    [ASSET.slice(1), script],
  ] as const) {
    writeFileSync(join(root, path), content);
    writeFileSync(join(root, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(root, `${path}.gz`), gzipSync(content));
  }
  writeFileSync(join(root, "sw.js"), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(
    join(root, "route-preloads.json"),
    JSON.stringify({
      "/dashboard": {
        scripts: [ASSET, "/assets/_auth-X1.js", "/assets/dashboard-X2.js"],
        styles: ["/assets/index-X0.css", "/assets/pageStyles-X3.css"],
      },
      "/signin": { scripts: [ASSET, "/assets/signin-X4.js"], styles: ["/assets/index-X0.css"] },
    }),
  );
  return root;
}

describe("the built web app", () => {
  it("sends a hashed asset's brotli copy when the browser accepts br, cached immutably for a year", async () => {
    const { app } = await buildTestApp({ webRoot: builtWebRoot() });
    const reply = await app.inject({ method: "GET", url: ASSET, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers["content-type"]).toMatch(/javascript/);
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(script);
  });

  it("sends the gzip copy to a browser without br, and the file itself to one asking for neither", async () => {
    const { app } = await buildTestApp({ webRoot: builtWebRoot() });
    const gzip = await app.inject({ method: "GET", url: ASSET, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: "GET", url: ASSET });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("never lets a cache keep index.html, on / and on a client route", async () => {
    const { app } = await buildTestApp({ webRoot: builtWebRoot() });
    for (const url of ["/", "/dashboard", "/index.html"]) {
      const reply = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(reply.rawPayload).toString(), url).toBe(page);
    }
  });
});

describe("the build's inline scripts", () => {
  it("are allowed by the page's CSP by their hashes alone, from first-paint.json; with none, no inline script is", async () => {
    const root = builtWebRoot();
    const scriptHashes = ["'sha256-Y29sb3Vycw=='", "'sha256-a2VwdCBjb3B5'"];
    writeFileSync(join(root, "first-paint.json"), JSON.stringify({ snapshotScript: "", scriptHashes }));
    const { app } = await buildTestApp({ webRoot: root });
    for (const url of ["/", "/dashboard", "/assets/index-Ab12Cd34.js"]) {
      const csp = String((await app.inject({ method: "GET", url })).headers["content-security-policy"]);
      expect(csp.split(";"), url).toContain(`script-src 'self' ${scriptHashes.join(" ")}`);
    }

    const { app: withoutThem } = await buildTestApp({ webRoot: builtWebRoot() });
    const csp = String((await withoutThem.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    expect(csp.split(";")).toContain("script-src 'self'");
  });

  it("are refused at start when the file names anything but hashes", async () => {
    const root = builtWebRoot();
    writeFileSync(
      join(root, "first-paint.json"),
      JSON.stringify({ snapshotScript: "", scriptHashes: ["'unsafe-inline'"] }),
    );
    await expect(buildTestApp({ webRoot: root })).rejects.toThrow(
      /scriptHashes must be a list of 'sha256-\.\.\.' sources/,
    );
  });
});

describe("a page's preloads", () => {
  it("name the main bundle, the session check and the styles first, then the page's route chunks, as Vite's loader asks for them", async () => {
    const { app } = await buildTestApp({ webRoot: builtWebRoot() });
    for (const url of ["/dashboard", "/dashboard/", "/dashboard?tab=x"]) {
      const reply = await app.inject({ method: "GET", url });
      expect(reply.statusCode, url).toBe(200);
      expect(String(reply.headers.link).split(", "), url).toEqual([
        `<${ASSET}>; rel=modulepreload; crossorigin`,
        SESSION_PRELOAD,
        "</assets/index-X0.css>; rel=preload; as=style; crossorigin",
        "</assets/pageStyles-X3.css>; rel=preload; as=style; crossorigin",
        "</assets/_auth-X1.js>; rel=modulepreload; crossorigin",
        "</assets/dashboard-X2.js>; rel=modulepreload; crossorigin",
      ]);
    }
    const signin = await app.inject({ method: "GET", url: "/signin" });
    expect(String(signin.headers.link).split(", ")).toEqual([
      `<${ASSET}>; rel=modulepreload; crossorigin`,
      SESSION_PRELOAD,
      "</assets/index-X0.css>; rel=preload; as=style; crossorigin",
      "</assets/signin-X4.js>; rel=modulepreload; crossorigin",
    ]);
  });

  it("are the session check alone for a path no page has (its not-found page checks the session too), and none for /api", async () => {
    const { app } = await buildTestApp({ webRoot: builtWebRoot() });
    for (const url of ["/no-such-page", "/"]) {
      const reply = await app.inject({ method: "GET", url });
      expect(reply.headers.link, url).toBe(SESSION_PRELOAD);
    }
    const api = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.headers.link).toBeUndefined();
  });
});

describe("a signed-in partner's page", () => {
  const DASHBOARD_READS = ["/api/latestQuestion", "/api/visits?page=1"];
  const withPageReads = (reads: unknown = { "/dashboard": DASHBOARD_READS }) => {
    const root = builtWebRoot();
    writeFileSync(join(root, "page-reads.json"), JSON.stringify(reads));
    return root;
  };

  it("also asks for the reads its loaders start, after the session check and before the styles", async () => {
    const test = await buildTestApp({ webRoot: withPageReads() });
    const reply = await test.app.inject({
      method: "GET",
      url: "/dashboard",
      headers: { cookie: sessionCookie(test, "alex") },
    });
    expect(String(reply.headers.link).split(", ")).toEqual([
      `<${ASSET}>; rel=modulepreload; crossorigin`,
      SESSION_PRELOAD,
      "</api/latestQuestion>; rel=preload; as=fetch; crossorigin",
      "</api/visits?page=1>; rel=preload; as=fetch; crossorigin",
      "</assets/index-X0.css>; rel=preload; as=style; crossorigin",
      "</assets/pageStyles-X3.css>; rel=preload; as=style; crossorigin",
      "</assets/_auth-X1.js>; rel=modulepreload; crossorigin",
      "</assets/dashboard-X2.js>; rel=modulepreload; crossorigin",
    ]);
  });

  it("asks for none signed out (the page goes to the sign-in), with a search of its own (its loaders read other things), or on a device that kept its data (it shows that first)", async () => {
    const test = await buildTestApp({ webRoot: withPageReads() });
    const cookie = sessionCookie(test, "alex");
    for (const [url, headers] of [
      ["/dashboard", {}],
      ["/dashboard?tab=x", { cookie }],
      ["/dashboard", { cookie: `${cookie}; spankbank_kept=1` }],
    ] as const) {
      const reply = await test.app.inject({ method: "GET", url, headers });
      expect(String(reply.headers.link), url).not.toMatch(/latestQuestion|visits/);
    }
  });

  it("refuses to start on a page-reads.json naming anything but /api paths", async () => {
    for (const reads of [
      { "/dashboard": ["/api/x>; rel=preload, <https://elsewhere.example/"] },
      { "/dashboard": "/api/x" },
    ]) {
      await expect(buildTestApp({ webRoot: withPageReads(reads) }), JSON.stringify(reads)).rejects.toThrow(
        /page-reads\.json: each page's reads must be a list of \/api paths/,
      );
    }
  });
});

describe("the pages prerendered at build", () => {
  const withPrerendered = () => {
    const root = builtWebRoot();
    mkdirSync(join(root, "prerendered"));
    writeFileSync(join(root, "prerendered/landing.html"), "<main><h1>Welcome</h1></main>\n");
    writeFileSync(join(root, "prerendered/signin.html"), "<main><h1>Sign In</h1></main>\n");
    writeFileSync(
      join(root, "prerendered.json"),
      JSON.stringify({ "/": "prerendered/landing.html", "/signin": "prerendered/signin.html" }),
    );
    return root;
  };

  it("answer / and /signin for a signed-out visitor; every other page, and a signed-in partner, get the shell", async () => {
    const test = await buildTestApp({ webRoot: withPrerendered() });
    const body = async (url: string, cookie?: string) =>
      (await test.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} })).body;
    expect(await body("/")).toContain("<h1>Welcome</h1>");
    expect(await body("/signin?redirect=%2Fmemories")).toContain("<h1>Sign In</h1>");
    expect(await body("/dashboard")).toBe(page);
    const cookie = sessionCookie(test, "alex");
    expect(await body("/", cookie)).toBe(page);
    expect(await body("/signin", cookie)).toBe(page);
  });
});

describe("the service worker script", () => {
  it("is asked for again on every check, so a new deploy's worker is seen at once", async () => {
    const { app } = await buildTestApp({ webRoot: builtWebRoot() });
    const reply = await app.inject({ method: "GET", url: "/sw.js" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/javascript/);
    expect(reply.headers["cache-control"]).toBe("no-cache");
  });
});

describe("API answers", () => {
  it("are never stored by a cache, signed in, signed out and refused", async () => {
    const test = await buildTestApp();
    const cookie = sessionCookie(test, "alex");
    for (const [url, headers] of [
      ["/api/health", {}],
      ["/api/auth/session", { cookie }],
      ["/api/products", {}],
      ["/api/nothing-here", {}],
    ] as const) {
      const reply = await test.app.inject({ method: "GET", url, headers });
      expect(reply.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("that fit a first round trip are sent as they are; larger ones are compressed with brotli when accepted", async () => {
    const test = await buildTestApp();
    const sam = userIdOf(test.db, "sam");
    for (let i = 1; i <= LIST_WINDOW; i++) {
      createProduct(test.db, sam, {
        name: `Back rub ${i}`,
        description: "Twenty slow minutes, with the good oil and the playlist you like best",
        quantity: 1,
        price: 10,
      });
    }
    const cookie = sessionCookie(test, "alex");
    const headers = { cookie, "accept-encoding": "br, gzip" };
    const page = await test.app.inject({ method: "GET", url: "/api/products?page=1", headers });
    expect(page.headers["content-encoding"]).toBeUndefined();
    expect(page.body.length).toBeGreaterThan(1024);
    expect(page.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const big = await test.app.inject({ method: "GET", url: "/api/products", headers });
    const plain = await test.app.inject({ method: "GET", url: "/api/products", headers: { cookie } });
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(big.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toEqual(plain.json());
  });
});
