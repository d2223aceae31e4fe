import { expect, type Page, type Response } from "@playwright/test";
import { userByUsername } from "@spankbank/db/couple";
import { addMemory } from "@spankbank/db/memories";
import { headingForAlex, keepScreenshot, openMenu, signInAsAlex } from "./app";
import { expectNoAxeViolations } from "./axe";
import { inServerDatabase } from "./database";
import { test } from "./test";

/** Every path the page's caches hold, across all of them but the pages the app kept (`kept` for those alone). */
function cachedPaths(page: Page, kept = false): Promise<string[]> {
  return page.evaluate(async (kept) => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if ((name === "spankbank-pages") !== kept) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  }, kept);
}

/** The data this device keeps (web/src/lib/keptCache.ts, idb-keyval's default store), as stored: "" when none. */
function keptCacheText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => resolve("");
        open.onsuccess = () => {
          const get = open.result.transaction("keyval").objectStore("keyval").get("spankbank:query-cache");
          get.onerror = () => resolve("");
          get.onsuccess = () => resolve(String(get.result ?? ""));
        };
      }),
  );
}

/**
 * Waits until the data this device keeps holds a query whose key starts with each of `keys`: what
 * a page leaves is written a moment later.
 */
async function waitForKept(page: Page, keys: unknown[][]): Promise<void> {
  await expect
    .poll(
      async () => {
        const kept = await keptCacheText(page);
        return keys.every((key) => kept.includes(`"queryKey":${JSON.stringify(key).slice(0, -1)}`));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Signs in as alex and waits for the service worker to control the page, as on a second visit. */
async function signInWithServiceWorker(page: Page): Promise<void> {
  await signInAsAlex(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);
}

/**
 * Signs in with the service worker and opens alex's memory board, then waits until the session and
 * the board's first page are kept, as after a visit: answers the first memory's text.
 */
async function memoryBoardKept(page: Page): Promise<string> {
  await signInWithServiceWorker(page);
  await page.goto("/memories");
  const first = page.getByRole("article").first();
  await expect(first).toBeVisible();
  const memory = (await first.textContent()) ?? "";
  await waitForKept(page, [["session"], ["memories", "page", 1]]);
  return memory;
}

test.describe("the service worker", () => {
  // The other specs block service workers (playwright.config.ts); these are about it.
  test.use({ serviceWorkers: "allow" });

  test("serves a second visit's shell and assets from its cache, offline too, and never /api", async ({
    page,
    context,
  }) => {
    await signInWithServiceWorker(page);

    const responses: Response[] = [];
    page.on("response", (response) => responses.push(response));
    // The session this device kept is checked with the server behind the page.
    const sessionChecked = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/session");
    await page.goto("/memories");
    await sessionChecked;
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

    // The browser itself answers the build's files from the cache and sends /api to the server,
    // without waking the worker for each (its static routes).
    const routed = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry as PerformanceResourceTiming & { workerFinalSourceType?: string })
        .map(({ name, workerFinalSourceType }) => [new URL(name).pathname, workerFinalSourceType]),
    );
    const routedAssets = routed.filter(([path]) => path!.startsWith("/assets/"));
    expect(routedAssets.length).toBeGreaterThan(0);
    expect(routedAssets.filter(([, source]) => source !== "cache")).toEqual([]);
    expect(routed.filter(([path, source]) => path!.startsWith("/api/") && source !== "network")).toEqual([]);

    const cached = await cachedPaths(page);
    expect(cached).toContain("/index.html");
    expect(cached).toEqual(expect.arrayContaining(assets.map(pathOf)));
    expect(cached.filter((path) => /^\/api/i.test(decodeURIComponent(path)))).toEqual([]);
    await waitForKept(page, [["session"]]);

    // Offline, the shell and its code still load from the cache, and the page the data this device kept.
    await context.setOffline(true);
    try {
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
    } finally {
      await context.setOffline(false);
    }
    expect(await cachedPaths(page)).toEqual(cached);
  });

  test("a build file gone from the worker's cache comes from the server, and the page still loads", async ({
    page,
  }) => {
    await signInWithServiceWorker(page);
    const gone = await page.evaluate(async () => {
      const build = (await caches.keys()).find((name) => name !== "spankbank-pages")!;
      const cache = await caches.open(build);
      const chunk = (await cache.keys()).find((request) => /\/assets\/dashboard-[\w-]+\.js$/.test(request.url))!;
      await cache.delete(chunk);
      return new URL(chunk.url).pathname;
    });
    const fromServer = page.waitForResponse((response) => new URL(response.url()).pathname === gone);
    await page.goto("/dashboard");
    expect((await fromServer).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
  });

  test("a return's shell names its page's code, so it downloads while the main bundle runs", async ({ page }) => {
    await signInWithServiceWorker(page);
    const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
    // A page this device has no kept copy of (the dashboard, where the sign-in landed, may be kept
    // already, and its kept copy is drawn without preloads): the shell names its code.
    const inventory = await page.goto("/inventory/");
    expect(inventory?.fromServiceWorker()).toBe(true);
    const html = await inventory!.text();
    expect(links(html).some(([, href]) => /^\/assets\/inventory-[\w-]+\.js$/.test(href!))).toBe(true);
    expect(html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/inventory-[\w-]+\.css">/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/inventory"]!);
    // A path the app has no page for gets the plain shell (and the app's not-found page).
    const unknown = await page.goto("/no-such-page");
    expect(unknown?.fromServiceWorker()).toBe(true);
    const plain = await unknown!.text();
    expect(links(plain).some(([, href]) => /^\/assets\/(dashboard|inventory)-/.test(href!))).toBe(false);
    expect(plain).not.toContain('rel="preload" as="style"');
  });

  test("a return paints what was kept, then reads again what it shows and each page opened after", async ({ page }) => {
    // Three visits, each waiting for what it keeps to be written.
    test.slow();
    await signInWithServiceWorker(page);
    await page.goto("/memories");
    await expect(page.getByRole("article").first()).toBeVisible();
    await waitForKept(page, [["memories", "page", 1]]);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
    await waitForKept(page, [["session"], ["memories", "page", 1], ["questions", "latest"]]);

    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
    // What the kept page shows is read again behind it...
    await expect.poll(() => asked, { timeout: 10_000 }).toContain("/api/latestQuestion");
    // ...and so is a kept page opened next, in the app.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Memory Board" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/memories"]!);
    await expect.poll(() => asked, { timeout: 10_000 }).toContain("/api/memories");
  });
});

test.describe("a return before the app is live", () => {
  test.use({ serviceWorkers: "allow" });

  /** Signs in, opens `path` and waits until the app kept it and its data: its next load is a return. */
  async function visitAndKeep(page: Page, path: string): Promise<void> {
    await signInWithServiceWorker(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex[path]!);
    await expect.poll(() => cachedPaths(page, true), { timeout: 15_000 }).toContain(`/__page${path}`);
    await waitForKept(page, [["session"]]);
  }

  /**
   * `visitAndKeep`, then takes the app's main script out of the worker's cache and holds it at the
   * network, so the next load of a page shows only what comes before the app. Returns what lets it
   * through.
   */
  async function holdTheApp(page: Page, path: string): Promise<() => void> {
    await visitAndKeep(page, path);
    const main = await page.evaluate(async () => {
      const src = new URL(document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src).pathname;
      for (const name of await caches.keys()) await (await caches.open(name)).delete(src);
      return src;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.context().route(`**${main}`, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test("paints the page as last seen, whose menu opens at once and gives way to the app's", async ({ page }) => {
    test.slow();
    const letTheAppIn = await holdTheApp(page, "/dashboard");
    await page.goto("/dashboard", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
    await expect(page.locator("#root[data-snapshot]")).toHaveCount(1);
    // The clocks would show the time of the last visit: they wait for the app.
    await expect(page.locator("[data-now]").first()).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Memory Board" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Download our data" })).toHaveCount(0);
    await expectNoAxeViolations(page, "the kept dashboard with its plain menu", { bestPractices: true });
    await keepScreenshot(page, `kept-page-menu-${test.info().parallelIndex}`);

    letTheAppIn();
    // The app's own drawer takes the plain menu's place, open, with what only the app offers.
    await expect(page.locator("#root[data-snapshot], #snapshot-menu")).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Download our data" })).toBeVisible();
    await expect(page.locator("[data-now]").first()).toBeVisible();
    await menu.getByRole("link", { name: "Memory Board" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/memories"]!);
  });

  test("draws the whole kept page before any script file or module of the app is even asked for, then the app takes over", async ({
    page,
  }) => {
    await visitAndKeep(page, "/dashboard");
    // On each frame until the kept copy is parsed whole: whether a script file (the app's, or the
    // copy's own, which are inline), or a preload of the app's modules, was in the page.
    await page.addInitScript(() => {
      const seen = { drawnWith: undefined as string[] | undefined };
      Object.assign(window, { seen });
      const frame = () => {
        if (document.readyState !== "loading" && document.querySelector("#root[data-snapshot] h1")) {
          const asked = document.querySelectorAll('script[src], link[rel="modulepreload"]');
          seen.drawnWith = Array.from(asked, (element) => element.outerHTML);
        } else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });

    await page.goto("/dashboard");
    await expect(page.locator("#root[data-snapshot]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
    const seen = await page.evaluate(() => (window as unknown as { seen: { drawnWith?: string[] } }).seen);
    expect(seen.drawnWith).toEqual([]);
  });

  test("a worker that cached its shell from the build before (an upgrade's restart) gives the app, never a copy that cannot start it", async ({
    page,
  }) => {
    await visitAndKeep(page, "/dashboard");
    // The shell as the server still running the build before sent it: a CSP with no hash for the
    // copy's inline script.
    await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith("spankbank-") && key !== "spankbank-pages")!;
      const cache = await caches.open(name);
      const shell = (await cache.match("/index.html"))!;
      const headers = new Headers(shell.headers);
      headers.set("content-security-policy", "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'");
      await cache.put("/index.html", new Response(await shell.text(), { status: 200, headers }));
    });

    await page.goto("/dashboard");
    // The app itself, live: a copy in that shell would stay a copy, its script refused.
    await expect(page.locator("#root[data-snapshot]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
    await page.getByRole("button", { name: "Log Workout" }).click();
    await expect(page.getByRole("dialog", { name: "Log Workout" })).toBeVisible();
  });

  test("a tap on the page before the app is live is made again once it is; a plain menu link loads its page", async ({
    page,
  }) => {
    test.slow();
    const letTheAppIn = await holdTheApp(page, "/dashboard");
    await page.goto("/dashboard", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Log Workout" }).click();
    await expect(page.getByRole("dialog", { name: "Log Workout" })).toHaveCount(0);
    letTheAppIn();
    await expect(page.getByRole("dialog", { name: "Log Workout" })).toBeVisible();
    await page.keyboard.press("Escape");

    // A page of the plain menu is a page load, which the worker answers with that page's kept copy or its shell.
    await page.goto("/dashboard", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Memory Board" }).click();
    await expect(page).toHaveURL(/\/memories$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/memories"]!);
  });

  test("a kept page whose kept data is gone still gives way to the app, which makes its tap", async ({ page }) => {
    test.slow();
    const letTheAppIn = await holdTheApp(page, "/dashboard");
    // The page's copy is kept apart from its data, which the browser may have dropped (or the tab
    // closed before it was written): the app then reads it all again, and must still take over.
    // The delete waits for this page to close its connection, and runs before the next page opens one.
    await page.evaluate(() => void indexedDB.deleteDatabase("keyval-store"));
    await page.goto("/dashboard", { waitUntil: "commit" });
    await expect(page.locator("#root[data-snapshot]")).toHaveCount(1);
    await page.getByRole("button", { name: "Log Workout" }).click();
    letTheAppIn();
    await expect(page.getByRole("dialog", { name: "Log Workout" })).toBeVisible();
    await expect(page.locator("#root[data-snapshot]")).toHaveCount(0);
    await expect(page.locator("[data-now]").first()).toBeVisible();
  });

  test("what is typed into a kept page before the app is live stays, after the letter's saved draft", async ({
    page,
  }) => {
    test.slow();
    const letTheAppIn = await holdTheApp(page, "/christmas-letter");
    const letter = page.getByLabel("Your letter to Sam");
    const draft = await letter.inputValue();
    expect(draft).not.toBe("");
    await page.goto("/christmas-letter", { waitUntil: "commit" });
    await expect(page.locator("#root[data-snapshot]")).toHaveCount(1);
    // The kept copy shows the field empty (no value is kept): the partner types into it, key by key.
    await expect(letter).toHaveValue("");
    await letter.click();
    await letter.pressSequentially(" P.S. typed early");
    letTheAppIn();
    await expect(page.locator("#root[data-snapshot]")).toHaveCount(0);
    await expect(letter).toHaveValue(`${draft} P.S. typed early`);
    await expect(letter).toBeFocused();
    // The app's own field takes the next keys, after the rest.
    await page.keyboard.type("!");
    await expect(letter).toHaveValue(`${draft} P.S. typed early!`);
  });

  test("never keeps a field's value, and forgets every kept page at sign-out", async ({ page }) => {
    test.slow();
    await signInWithServiceWorker(page);
    await page.goto("/dashboard");
    // What the dashboard's note field holds (typed, not sent) is not in the copy kept of the page
    // when the tab is hidden.
    const field = page.getByRole("main").getByRole("textbox").first();
    await field.fill("a secret draft");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect
      .poll(async () => {
        const kept = await page.evaluate(async () =>
          (await (await caches.open("spankbank-pages")).match("/__page/dashboard"))?.text(),
        );
        return kept?.includes("Welcome, Alex!") === true && !kept.includes("a secret draft");
      })
      .toBe(true);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    // Only the page seen since (the landing page, signed out) may be kept: nothing of Alex's.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open("spankbank-pages");
          const kept = await Promise.all((await cache.keys()).map(async (key) => (await cache.match(key))!.text()));
          return {
            paths: (await cache.keys()).map((key) => new URL(key.url).pathname),
            alex: kept.some((page) => page.includes("Alex")),
          };
        }),
      )
      .toEqual({ paths: expect.not.arrayContaining(["/__page/dashboard"]), alex: false });
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

test("a hard load asks for its page's code while the session is still unanswered", async ({ page }) => {
  await signInAsAlex(page);
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

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("a page visited before shows its last-known data and says when it was seen; a write is refused at once", async ({
    page,
    context,
  }) => {
    const memory = await memoryBoardKept(page);
    // The day's data of Your day, read once online, as a partner who opened it before.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Your day" }).click();
    const modal = page.getByRole("dialog", { name: "Your day" });
    await expect(modal.getByLabel("Bedtime")).toBeVisible();
    await modal.getByRole("button", { name: "Cancel" }).click();
    await waitForKept(page, [["session"], ["memories", "page", 1], ["my-day"]]);

    await context.setOffline(true);
    // Debian's Chromium 150 leaves navigator.onLine true in the pages loaded once the network is
    // down, where a phone offline reads false: these pages read what the phone's would.
    await page.addInitScript(() => {
      if (sessionStorage.getItem("e2e:offline")) Object.defineProperty(navigator, "onLine", { get: () => false });
    });
    await page.evaluate(() => sessionStorage.setItem("e2e:offline", "1"));
    try {
      await page.goto("/memories");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/memories"]!);
      await expect(page.getByRole("article").first()).toHaveText(memory);
      await expect(page.getByText(/^offline: showing what you saw at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
      await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);

      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);
      await page.getByRole("button", { name: "Your day" }).click();
      await modal.getByRole("button", { name: "Save" }).click();
      await expect(
        modal.getByText("You are offline: nothing was sent. Try again once the connection is back."),
      ).toBeVisible();

      // Reopened an hour later, still offline: what was kept is stale now, and still shown.
      await page.clock.setFixedTime(Date.now() + 60 * 60_000);
      await page.goto("/memories");
      await expect(page.getByRole("article").first()).toHaveText(memory);
      await expect(
        page.getByText(/^offline: showing what you saw at (\w{3}, \w{3} \d{1,2}, )?\d{1,2}:\d{2} (AM|PM)$/),
      ).toBeVisible();
      await expect(page.getByText("Loading...")).toHaveCount(0);
    } finally {
      await page.evaluate(() => sessionStorage.removeItem("e2e:offline"));
      await context.setOffline(false);
    }
    await page.reload();
    await expect(page.getByText(/^offline:/)).toHaveCount(0);
  });

  test("a page glanced at for a moment is kept as it was seen: the next page left soon after, then offline, it shows the new memory", async ({
    page,
    context,
  }) => {
    await memoryBoardKept(page);

    // Sam posts a memory in Discord while alex is away; alex comes back, sees it, and moves on
    // within a second (a full load each time, as a reload or the kept page's plain menu does).
    const message = "The first snow, from the kitchen window.";
    inServerDatabase((db) => addMemory(db, { userId: userByUsername(db, "sam")!.id, message }));
    await page.goto("/memories");
    await expect(page.getByRole("article").first()).toContainText(message);
    // The glance.
    await page.waitForTimeout(300);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/dashboard"]!);

    await context.setOffline(true);
    try {
      await page.goto("/memories");
      await expect(page.getByText(/^offline: showing what you saw at /)).toBeVisible();
      await expect(page.getByRole("article").first()).toContainText(message);
    } finally {
      await context.setOffline(false);
    }
  });

  test("a connection that says online but never reaches the server shows what was kept, not the error page", async ({
    page,
  }) => {
    const memory = await memoryBoardKept(page);

    await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
    let sessionChecksFailed = 0;
    page.on("requestfailed", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/session") sessionChecksFailed++;
    });
    // Any moment the error page shows counts, not only the last one.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes("Unexpected Application Error!"))
          sessionStorage.setItem("errorShown", "1");
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/memories");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex["/memories"]!);
    // The session is checked behind the kept page, and once more a moment later before giving up.
    await expect.poll(() => sessionChecksFailed, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => sessionStorage.getItem("errorShown"))).toBeNull();
    await expect(page.getByRole("article").first()).toHaveText(memory);
    await expect(page.getByText(/^offline: showing what you saw at /)).toBeVisible();
  });
});

test.describe("two tabs of the app on one device", () => {
  test.use({ serviceWorkers: "allow" });

  test("signing out in one tab clears the other: it shows nothing more of the partner and keeps nothing of them", async ({
    context,
  }) => {
    const first = await context.newPage();
    await signInAsAlex(first);
    await first.goto("/letters");
    await first.getByLabel("Your letter to Sam").fill("For the day you miss me most.");
    await first.getByText("Open when...", { exact: true }).click();
    await first.getByRole("radio", { name: "you're sad" }).check();
    await first.getByRole("button", { name: "Seal letter" }).click();
    const sealed = first.getByRole("region", { name: "Letters you wrote to Sam" });
    await expect(sealed.getByText("For the day you miss me most.")).toBeVisible();

    // A second tab on the same page, as a phone's installed app beside a browser tab.
    const second = await context.newPage();
    await second.goto("/letters");
    await expect(second.getByRole("region", { name: "Letters you wrote to Sam" })).toContainText(
      "For the day you miss me most.",
    );
    await waitForKept(second, [["later-letters"]]);

    await openMenu(first);
    await first.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).click();
    await expect(first).toHaveURL("/");
    // The other tab loads again, signed out: alex's letter is gone from it.
    await expect(second).toHaveURL(/\/signin/);
    await expect(second.getByText("For the day you miss me most.")).toHaveCount(0);
    // Closing it keeps nothing of alex for the next one to open the app.
    await second.close();
    const kept = await keptCacheText(first);
    expect(kept).not.toContain("For the day you miss me most.");
  });
});
