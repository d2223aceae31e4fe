import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { expectPageLive, headingForAlex, PHONE, signInAsAlex } from "./app";

/**
 * What a phone on mobile data loads first (issue 20): the budget is in bytes over the wire, never
 * in time (a timing assertion would be flaky on a loaded box); the timings are `npm run bench:web`'s.
 */
const WEB_DIST = join(import.meta.dirname, "..", "web", "dist");
/**
 * Every script / fetches until the network is idle (the footer's quote too), brotli: 127 KB when
 * this was written, 149 KB before zod and the quote list left the first load.
 */
const LANDING_JS_BUDGET_KB = 130;

/** Sentences only a big content module has: none belongs in the first load. */
const CONTENT_MODULES = {
  zod: "_zod",
  "the quote list": "Of all the love stories I know, ours is the one I would read again and again.",
  "the question bank": "What is your favourite memory from the very first time we met?",
  "the story": "it looks like it's just the two of us until the snow decides otherwise",
};

/** The scripts of our own that the page fetched while loading, by path. */
function scriptsLoadedBy(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === "script" && path.startsWith("/assets/")) scripts.push(path);
  });
  return scripts;
}

/** Holds the page's scripts back (the server's page stays as it painted) until the returned call. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

function brotliSize(path: string): number {
  const file = join(WEB_DIST, path);
  return existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : brotliCompressSync(readFileSync(file)).length;
}

test.describe("the first load", () => {
  test("of / stays within its JavaScript budget and carries no big content module", async ({ page }) => {
    const scripts = scriptsLoadedBy(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");

    const kb = scripts.reduce((sum, path) => sum + brotliSize(path), 0) / 1024;
    expect(kb, `${scripts.length} scripts: ${scripts.join(", ")}`).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB);
    // The footer's quote comes after the first load, in a chunk of its own.
    const firstLoad = scripts.filter((path) => !path.includes("/FooterQuote-"));
    for (const [module, sentence] of Object.entries(CONTENT_MODULES)) {
      const carrying = firstLoad.filter((path) => readFileSync(join(WEB_DIST, path), "utf8").includes(sentence));
      expect(carrying, `${module} in the first load`).toEqual([]);
    }
  });

  test("of the story page carries zod with its English messages only", async ({ context }) => {
    await signInAsAlex(await context.newPage());
    const page = await context.newPage();
    const scripts = scriptsLoadedBy(page);
    await page.goto("/trapped-game");
    await expectPageLive(page);
    await page.waitForLoadState("networkidle");
    const sources = scripts.map((path) => readFileSync(join(WEB_DIST, path), "utf8"));
    // The story's saved game is read with zod, which comes in this page's load.
    expect(sources.some((source) => source.includes(CONTENT_MODULES.zod))).toBe(true);
    for (const other of ["Ungültige Eingabe", "Entrada inválida", "無効な入力"])
      expect(
        sources.filter((source) => source.includes(other)),
        other,
      ).toEqual([]);
  });

  test("paints each page from its HTML, with the partner's data, before any script runs", async ({ context }) => {
    await signInAsAlex(await context.newPage());
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    for (const [path, data] of [
      ["/dashboard", "Sam"],
      ["/memories", "Love in Every Memory"],
      ["/spank-bank", "You have "],
      ["/inventory", "Inventory"],
      ["/trapped-game", "it looks like it's just the two of us until the snow decides otherwise"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(headingForAlex[path]!);
      await expect(page.getByText(data).first(), path).toBeVisible();
      await expect(page.getByText("Loading", { exact: false }), path).toHaveCount(0);
    }
    // Signed out, the server sends the visitor to sign in, as the app would, and paints that page.
    await context.clearCookies({ name: "spankbank_session" });
    await page.goto("/memories");
    await expect(page).toHaveURL(`/signin?redirect=${encodeURIComponent("/memories")}`);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  });

  test("paints 'Loading...' from the app's shell (what the service worker answers) before any script runs", async ({
    page,
  }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/index.html");
    await expect(page.getByRole("status")).toHaveText("Loading...");
  });

  test("hydrates the page the server painted: the same elements, made live, and no /api read for its data", async ({
    context,
  }) => {
    await signInAsAlex(await context.newPage());
    const page = await context.newPage();
    // The scripts wait until the server's heading has been marked.
    const releaseScripts = await holdScripts(page);
    const asked: string[] = [];
    page.on("request", (sent) => {
      const { pathname, search } = new URL(sent.url());
      if (pathname.startsWith("/api/")) asked.push(pathname + search);
    });
    const scripts: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "script") scripts.push(new URL(sent.url()).pathname);
    });
    const reply = await page.goto("/memories", { waitUntil: "commit" });
    // No preloads race the page's HTML and styles; its scripts start once it has painted.
    expect(reply?.headers().link).toBeUndefined();
    expect(reply?.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(headingForAlex["/memories"]!);
    await heading.evaluate((element) => {
      (window as { serverHeading?: Element }).serverHeading = element;
    });
    releaseScripts();
    // Live: the page's title is set by the app, and its buttons answer.
    await expect(page).toHaveTitle("Love in Every Memory · Spank Bank");
    expect(await heading.evaluate((element) => (window as { serverHeading?: Element }).serverHeading === element)).toBe(
      true,
    );
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    expect(asked).toEqual([]);
    // The page's own chunk was started beside the main bundle, not after it had run.
    expect(scripts.filter((path) => /^\/assets\/memories-[\w-]+\.js$/.test(path))).toHaveLength(1);
  });

  test("loads the browser's locale and time zone data in a worker, on a page the server rendered and on the shell", async ({
    context,
  }) => {
    await signInAsAlex(await context.newPage());
    const page = await context.newPage();
    for (const rendered of [true, false]) {
      // Without the view cookie (a device's first load) the page comes as the app's shell.
      if (!rendered) await context.clearCookies({ name: "view" });
      const worker = page.waitForEvent("worker");
      const script = page.waitForResponse((reply) => new URL(reply.url()).pathname === "/intl-warm.js");
      await page.goto("/dashboard");
      await expect(page).toHaveTitle("Dashboard · Spank Bank");
      await expect(page.locator("#page-data")).toHaveCount(rendered ? 1 : 0);
      expect(new URL((await worker).url()).pathname).toBe("/intl-warm.js");
      // A worker's script must be served as JavaScript, or it is refused without a word.
      expect((await script).headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
    }
  });

  test("writes dates as the partner's browser does (its locale and time zone), and hydrates them as they are", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "de-DE", timezoneId: "Pacific/Kiritimati" });
    await signInAsAlex(await context.newPage());
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/allquestions");
    const first = page.getByText(/^Asked /).first();
    const serverText = await first.textContent();
    expect(serverText).toMatch(/^Asked \d{1,2}\.\d{1,2}\.\d{4}$/);
    await page.unroute("**/assets/*.js");
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto("/allquestions");
    await expect(page).toHaveTitle("All Q&A · Spank Bank");
    // The server wrote it exactly as this browser writes that question's date itself.
    const questions = (await page.request.get("/api/questions").then((reply) => reply.json())) as {
      asked_at: string;
    }[];
    const browserWrites = await page.evaluate(
      (dates) => dates.map((at) => `Asked ${new Date(at).toLocaleDateString()}`),
      questions.map((question) => question.asked_at),
    );
    expect(browserWrites).toContain(serverText);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
    await context.close();
  });

  test("hydrates the dashboard's clocks seconds after the server rendered them, with no error, and they tick on", async ({
    context,
  }) => {
    await signInAsAlex(await context.newPage());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    // A slow phone: the scripts arrive well after the second the server wrote on the clocks.
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.goto("/dashboard");
    const clock = page.getByTestId("clock-India");
    const rendered = await clock.textContent();
    await expect(page).toHaveTitle("Dashboard · Spank Bank", { timeout: 20_000 });
    await expect(clock).not.toHaveText(rendered!);
    expect(problems).toEqual([]);
  });

  test("keeps the place a partner scrolled to before the page was live, and Back in the app comes back to it", async ({
    context,
  }) => {
    await signInAsAlex(await context.newPage());
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    const releaseScripts = await holdScripts(page);
    await page.goto("/allquestions");
    await expect(page.getByText(/^Asked /).nth(2)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    const place = await page.evaluate(() => window.scrollY);
    expect(place).toBeGreaterThan(400);
    releaseScripts();
    await expectPageLive(page);
    await expect(page).toHaveTitle("All Q&A · Spank Bank");
    expect(await page.evaluate(() => window.scrollY)).toBe(place);
    await page.getByRole("link", { name: "Spank Bank", exact: true }).dispatchEvent("click");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Alex" })).toBeVisible();
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
  });
});
