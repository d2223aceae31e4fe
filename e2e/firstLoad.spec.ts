import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";
import { signInAsAlex } from "./app";
import { test } from "./test";

/**
 * What a phone on mobile data loads first (issue 20): the budget is in bytes over the wire, never
 * in time (a timing assertion would be flaky on a loaded box); the timings are `npm run bench:web`'s.
 */
const WEB_DIST = join(import.meta.dirname, "..", "web", "dist");
/**
 * Every script a prerendered page fetches until the network is idle (the footer's quote too),
 * brotli. /: 127 KB when this was written, 149 KB before zod and the quote list left the first load.
 * /signin: 135 KB, 169 KB before its form's inputs and helpers left "kit" and "shared".
 */
const JS_BUDGET_KB = { "/": 130, "/signin": 140 };
/** Sentences only a big content module has: none belongs in the first load. */
const CONTENT_MODULES = {
  zod: "_zod",
  "the quote list": "Of all the love stories I know, ours is the one I would read again and again.",
  "the question bank": "What is your favourite memory from the very first time we met?",
  "the story": "it looks like it's just the two of us until the snow decides otherwise",
};

/** SPEC.md's pages behind the sign-in. */
const SIGNED_IN_PAGES = [
  "/dashboard",
  "/memories",
  "/spank-bank",
  "/allquestions",
  "/inventory",
  "/floggers4change",
  "/christmas-letter",
  "/trapped-game",
  "/protected",
];

/** The scripts of our own that the page fetched while loading, by path. */
function scriptsLoadedBy(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === "script" && path.startsWith("/assets/")) scripts.push(path);
  });
  return scripts;
}

function brotliSize(path: string): number {
  const file = join(WEB_DIST, path);
  return existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : brotliCompressSync(readFileSync(file)).length;
}

test.describe("the first load", () => {
  for (const [path, budget] of Object.entries(JS_BUDGET_KB)) {
    test(`of ${path} stays within its JavaScript budget and carries no big content module`, async ({ page }) => {
      const scripts = scriptsLoadedBy(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");

      const kb = scripts.reduce((sum, path) => sum + brotliSize(path), 0) / 1024;
      expect(kb, `${scripts.length} scripts: ${scripts.join(", ")}`).toBeLessThanOrEqual(budget);
      // The footer's quote comes after the first load, in a chunk of its own.
      const firstLoad = scripts.filter((path) => !path.includes("/FooterQuote-"));
      for (const [module, sentence] of Object.entries(CONTENT_MODULES)) {
        const carrying = firstLoad.filter((path) => readFileSync(join(WEB_DIST, path), "utf8").includes(sentence));
        expect(carrying, `${module} in the first load`).toEqual([]);
      }
    });
  }

  test("of /signin and of the dashboard carries no charts library: only Our year fetches it", async ({ context }) => {
    /** The scripts a new tab fetches for `path` until the network is idle, with the page's heading shown. */
    const sourcesOf = async (path: string, heading: string) => {
      const page = await context.newPage();
      const scripts = scriptsLoadedBy(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await page.waitForLoadState("networkidle");
      await page.close();
      return scripts.map((path) => readFileSync(join(WEB_DIST, path), "utf8"));
    };
    // A class name only recharts writes: the library and what it brings (d3, redux...) come with it.
    const charts = (sources: string[]) => sources.some((source) => source.includes("recharts-wrapper"));

    expect(charts(await sourcesOf("/signin", "Welcome back, love"))).toBe(false);
    await signInAsAlex(await context.newPage());
    expect(charts(await sourcesOf("/dashboard", "Hello, Alex"))).toBe(false);
    expect(charts(await sourcesOf("/our-year", "Our year, in pictures"))).toBe(true);
  });

  test("of /signin fetches no stylesheet of the signed-in pages or the toasts, and its page is drawn styled", async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet")
        stylesheets.push(readFileSync(join(WEB_DIST, new URL(request.url()).pathname), "utf8"));
    });
    await page.goto("/signin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, love");
    await page.waitForLoadState("networkidle");
    // A rule only each of these has: Mantine's Tabs (the Spank Bank's) and react-toastify's container.
    for (const [whose, rule] of [
      ["the signed-in pages'", ".m_89d60db1"],
      ["the toasts'", ".Toastify__toast-container"],
    ] as const) {
      expect(
        stylesheets.filter((css) => css.includes(rule)),
        `${whose} rules on /signin`,
      ).toEqual([]);
    }
    // Its own components still are: the line of "or" between the two ways in is drawn.
    const line = page.locator(".mantine-Divider-label");
    await expect(line).toHaveText("or");
    expect(await line.evaluate((label) => getComputedStyle(label, "::before").borderTopStyle)).toBe("solid");
  });

  test("of each signed-in page of the spec carries no zod: only a refused purchase's body or the search page needs it", async ({
    context,
  }) => {
    await signInAsAlex(await context.newPage());
    for (const path of SIGNED_IN_PAGES) {
      const page = await context.newPage();
      const scripts = scriptsLoadedBy(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const carrying = scripts.filter((script) =>
        readFileSync(join(WEB_DIST, script), "utf8").includes(CONTENT_MODULES.zod),
      );
      expect(carrying, path).toEqual([]);
      await page.close();
    }
  });

  test("of the story page carries no zod, and asks for the story with the page", async ({ context }) => {
    await signInAsAlex(await context.newPage());
    const page = await context.newPage();
    const scripts = scriptsLoadedBy(page);
    const response = await page.goto("/trapped-game");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trapped with Sam");
    await page.waitForLoadState("networkidle");
    const sources = scripts.map((path) => readFileSync(join(WEB_DIST, path), "utf8"));
    // Its saved game is checked without zod: zod's chunk would be most of what the page adds.
    expect(sources.filter((source) => source.includes(CONTENT_MODULES.zod))).toEqual([]);
    // Where zod is loaded (an error's body, the search page), its messages are in English only.
    const zodChunks = readdirSync(join(WEB_DIST, "assets"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => readFileSync(join(WEB_DIST, "assets", name), "utf8"))
      .filter((source) => source.includes(CONTENT_MODULES.zod));
    expect(zodChunks.length).toBeGreaterThan(0);
    for (const other of ["Ungültige Eingabe", "Entrada inválida", "無効な入力"])
      expect(
        zodChunks.filter((source) => source.includes(other)),
        other,
      ).toEqual([]);
    // The scenes the page's loader imports: in its header, not asked for once the loader has run.
    const story = scripts.find((path) =>
      readFileSync(join(WEB_DIST, path), "utf8").includes(CONTENT_MODULES["the story"]),
    );
    expect(response?.headers().link).toContain(`<${story}>; rel=modulepreload`);
  });

  test("of a signed-in page asks for its data and the shell's parts with its code, each once: not after the code has run", async ({
    browser,
    context,
    app,
  }) => {
    const reads: Record<string, string[]> = JSON.parse(readFileSync(join(WEB_DIST, "page-reads.json"), "utf8"));
    expect(reads["/spank-bank"]).toEqual(expect.arrayContaining(["/api/spankTotal", "/api/expired-favours"]));
    await signInAsAlex(await context.newPage());
    // A browser that has only the session cookie (what a phone whose service worker and kept data
    // were evicted has): nothing kept to show, everything read.
    const cold = await browser.newContext({ baseURL: app.url, serviceWorkers: "block" });
    await cold.addCookies((await context.cookies()).filter(({ name }) => name === "spankbank_session"));
    const page = await cold.newPage();
    const cdp = await cold.newCDPSession(page);
    await cdp.send("Network.enable");
    /** Each read and script the page asked for, and what asked: the page (its `Link` header) or a running script. */
    const asked: { path: string; by: string }[] = [];
    cdp.on("Network.requestWillBeSent", ({ request, initiator }) => {
      const url = new URL(request.url);
      // A script that asks (a fetch, an import) leaves its stack; the page's header leaves none.
      const by = initiator.stack ? "a script" : "the page";
      if (/^\/(api|assets)\//.test(url.pathname)) asked.push({ path: url.pathname + url.search, by });
    });
    const response = await page.goto("/spank-bank");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sam's Spank Bank");
    await page.waitForLoadState("networkidle");
    for (const read of reads["/spank-bank"]!) {
      expect(
        asked.filter(({ path }) => path === read),
        read,
      ).toEqual([{ path: read, by: "the page" }]);
    }
    // The header's menu and search box come with the page, each once, not once the page has run.
    for (const part of ["MenuDrawer", "SearchBox"]) {
      expect(response?.headers().link, part).toMatch(new RegExp(`</assets/${part}-[\\w-]+\\.js>; rel=modulepreload`));
      expect(
        asked.filter(({ path }) => path.startsWith(`/assets/${part}-`)),
        part,
      ).toHaveLength(1);
    }
    // The footer's quote, below the fold, loads once the footer comes near.
    const quoteBy = page.getByRole("contentinfo").locator("figcaption");
    await expect(quoteBy).toHaveCount(0);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(quoteBy).toBeVisible();
    await cold.close();
  });

  test("of a signed-in page on a device that kept its data asks for none of it with the page: it shows what it kept first", async ({
    context,
  }) => {
    const page = await context.newPage();
    await signInAsAlex(page);
    await page.goto("/spank-bank");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sam's Spank Bank");
    await expect.poll(async () => (await context.cookies()).some(({ name }) => name === "spankbank_kept")).toBe(true);
    const link = (await page.reload())?.headers().link;
    expect(link).toContain("</api/auth/session>");
    expect(link).not.toContain("</api/spankTotal>");
  });

  test("paints 'Loading...' from the app's shell (what the service worker answers) before any script runs", async ({
    page,
  }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/index.html");
    await expect(page.getByRole("status")).toHaveText("Loading...");
  });

  test("paints / and /signin from their HTML, prerendered at build, before any script runs; signed in, the shell", async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await page.goto("/signin");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.getByLabel("Username")).toBeVisible();
    await signInAsAlex(await context.newPage());
    await page.goto("/signin");
    await expect(page.getByRole("status")).toHaveText("Loading...");
  });
});
