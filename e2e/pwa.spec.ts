import { expect, type Page, type Response, test } from "@playwright/test";
import { headingForAlex, signInAsAlex } from "./app";

/** Every path the page's caches hold, across all of them. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test.describe("the service worker", () => {
  // The other specs block service workers (playwright.config.ts); these are about it.
  test.use({ serviceWorkers: "allow" });

  test("serves a second visit's shell and assets from its cache, offline too, and never /api", async ({
    page,
    context,
  }) => {
    await signInAsAlex(page);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
      .toBe(true);

    const responses: Response[] = [];
    page.on("response", (response) => responses.push(response));
    await page.goto("/memories");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/memories"]!);
    await expect(page.getByText("Welcome, alex!")).toBeVisible();
    const pathOf = (response: Response) => new URL(response.url()).pathname;
    const shell = responses.filter((r) => r.request().resourceType() === "document");
    const assets = responses.filter((r) => pathOf(r).startsWith("/assets/"));
    const api = responses.filter((r) => pathOf(r).startsWith("/api/"));
    expect(shell.map((r) => r.fromServiceWorker())).toEqual([true]);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((r) => !r.fromServiceWorker()).map(pathOf)).toEqual([]);
    // The session and the memories came from the server.
    expect(api.map(pathOf)).toEqual(expect.arrayContaining(["/api/auth/session", "/api/memories"]));
    expect(api.filter((r) => r.fromServiceWorker()).map(pathOf)).toEqual([]);

    const cached = await cachedPaths(page);
    expect(cached).toContain("/index.html");
    expect(cached).toEqual(expect.arrayContaining(assets.map(pathOf)));
    expect(cached.filter((path) => /^\/api/i.test(decodeURIComponent(path)))).toEqual([]);

    // Offline, the shell and its code still load from the cache; only the session cannot be asked.
    await context.setOffline(true);
    try {
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
    expect(await cachedPaths(page)).toEqual(cached);
  });
});

test("the app is installable: Chromium finds nothing missing in the manifest, icons or page", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? "{}") as Record<string, unknown>;
  expect(parsed).toMatchObject({
    name: "Spank Bank",
    short_name: "Spank Bank",
    start_url: "/",
    display: "standalone",
    theme_color: "#96244b",
  });
  const icons = parsed.icons as { sizes: string; type: string; purpose: string }[];
  expect(icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: "192x192", type: "image/png" }),
      expect.objectContaining({ sizes: "512x512", type: "image/png", purpose: "any" }),
      expect.objectContaining({ sizes: "512x512", type: "image/png", purpose: "maskable" }),
    ]),
  );
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // Playwright's browser contexts are incognito ones, where Chromium installs nothing whatever the app.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
});

test("a hard load the browser renders asks for its page's code while the session is still unanswered", async ({
  page,
}) => {
  await signInAsAlex(page);
  // Without the view cookie (a device's first visit), the server leaves the page to the browser.
  await page.context().clearCookies({ name: "view" });
  const document = await page.request.get("/spank-bank");
  const link = document.headers().link ?? "";
  const chunk = /<(\/assets\/spank-bank-[^>]+\.js)>; rel=modulepreload/.exec(link)?.[1];
  expect(chunk, `Link: ${link}`).toBeDefined();

  // The session answer is held back until the page's chunk is asked for (or 10 s pass).
  let chunkAsked!: () => void;
  const chunkRequested = new Promise<void>((resolve) => {
    chunkAsked = resolve;
  });
  const order: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === chunk) {
      order.push("chunk asked");
      chunkAsked();
    }
  });
  await page.route("**/api/auth/session", async (route) => {
    await Promise.race([chunkRequested, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    order.push("session answered");
    await route.continue();
  });
  await page.goto("/spank-bank");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/spank-bank"]!);
  expect(order.slice(0, 2)).toEqual(["chunk asked", "session answered"]);
});
