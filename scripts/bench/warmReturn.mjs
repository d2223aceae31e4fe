// The warm return, the path a partner's phone takes every day: it has visited before, so its service
// worker is installed and the app's query cache was kept by that visit. On a phone profile (390x844,
// touch, 4x CPU slowdown, 150 ms RTT), each page is opened again in a new tab and measured: when its
// content (its heading, nothing still "Loading") is on screen, when a tap on the menu first works and
// how many taps before it did nothing, and how many typed characters an early field loses.
import { chromium } from "@playwright/test";

const RUNS = 5;
/** Lighthouse's mobile profile: slow 4G's round trip and bandwidth, a mid-range phone's CPU. */
const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const PHONE_CPU = 4;
/** What is typed into the page's first field, key by key, as soon as that field exists. */
const TYPED = "typed early";
/** How long after the content and the first working tap the page is left to settle before it is read. */
const SETTLE_MS = 1_500;

/**
 * In the page, before any of its scripts: notes the time (ms since the navigation started) its
 * content is first on screen, each tap, and when the menu (or, signed out, the header's link) worked.
 */
function watchPage() {
  const marks = { contentAt: undefined, taps: [], workedAt: undefined };
  window.__bench = marks;
  const path = location.pathname;
  addEventListener("pointerdown", (event) => marks.taps.push(event.timeStamp), { capture: true });
  // A link that worked before the app was live loads another document: the marks go with the tab.
  addEventListener("pagehide", () => {
    if (!sessionStorage.getItem("bench:left"))
      sessionStorage.setItem("bench:left", JSON.stringify({ ...marks, workedAt: marks.workedAt ?? performance.now() }));
  });
  const frame = () => {
    const h1 = document.querySelector("h1");
    const text = document.body?.innerText ?? "";
    if (
      marks.contentAt === undefined &&
      h1 &&
      !/Unexpected Application Error/.test(h1.textContent) &&
      !/Loading/.test(text)
    )
      marks.contentAt = performance.now();
    const worked = document.querySelector('[role="dialog"], dialog[open]') !== null || location.pathname !== path;
    if (marks.workedAt === undefined && worked) marks.workedAt = performance.now();
    if (marks.contentAt === undefined || marks.workedAt === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The tap target of a page: the menu when signed in, else the header's link to another page. */
const tapTarget = (signedIn, path) =>
  signedIn ? 'button[aria-label="Open menu"]' : path === "/signin" ? "header a[href='/']" : "header a[href='/signin']";
const FIELD = 'main input[type="text"], main input:not([type]), main textarea';

/**
 * Measures the warm return to every page of `pages` ({ path, signedIn }) on the app at `url`, with
 * `sessionCookie` ("name=value") for the signed-in ones. Returns one row per page: medians of RUNS.
 */
export async function warmReturn({ url, pages, sessionCookie, chromiumPath, log = console.log }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  const rows = [];
  try {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await oneReturn(browser, url, page, sessionCookie));
      const row = {
        page: page.path,
        content: median(runs.map((r) => r.contentAt)),
        tapWorks: median(runs.map((r) => r.tapWorksAt)),
        tapsLost: median(runs.map((r) => r.tapsLost)),
        typedLost: runs.some((r) => r.typedLost === undefined) ? undefined : median(runs.map((r) => r.typedLost)),
        fromServiceWorker: runs.every((r) => r.fromServiceWorker),
      };
      log(
        `warm return ${row.page}: content ${ms(row.content)}, tap works ${ms(row.tapWorks)}, taps lost ${row.tapsLost}, typed lost ${row.typedLost ?? "-"}`,
      );
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * One phone: a first visit (which installs the service worker and leaves the app's cache), then the
 * return in a new tab, measured twice, once tapping and once typing (a field the page has).
 */
async function oneReturn(browser, url, { path, signedIn }, sessionCookie) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "allow",
  });
  try {
    if (signedIn) {
      const [name, value] = sessionCookie.split("=");
      await context.addCookies([{ name, value, url }]);
    }
    await context.addInitScript(watchPage);
    const first = await context.newPage();
    await first.goto(url + path);
    await first.waitForFunction(() => window.__bench.contentAt !== undefined, null, { timeout: 30_000 });
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const hasField = (await first.locator(FIELD).count()) > 0;
    // Where a finger taps: the middle of the menu button (or link), as this visit laid it out.
    const box = await first.locator(tapTarget(signedIn, path)).first().boundingBox();
    const spot = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // What the app keeps between visits (its data, and the page as shown) is written when the page
    // goes idle after its data came: a visit ends once it is (or after a while, for a build that
    // keeps no page).
    await first
      .waitForFunction(
        async (key) => (await caches.match(key, { cacheName: "spankbank-pages" })) !== undefined,
        `/__page${path.length > 1 ? path : "/"}`,
        { timeout: 10_000, polling: 250 },
      )
      .catch(() => undefined);
    await first.waitForTimeout(1_000);
    await first.close();

    const tapping = await measuredReturn(context, url, path, async (page, cdp) => {
      // Only the DevTools protocol while the page loads: Playwright's own calls (waitForSelector, tap)
      // first load its helper script into the page, hundreds of ms of the phone's main thread at 4x,
      // and ask that thread where the button is before each tap, so the bench measured itself.
      const inPage = async (expression) =>
        (await cdp.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true })).result.value;
      const target = JSON.stringify(tapTarget(signedIn, path));
      // Tapped as soon as it is on screen, then again until it works: a touch at that spot, as a
      // finger makes it. The next tap waits until the page has drawn twice since it handled this one.
      while (!(await inPage(`document.querySelector(${target}) !== null`).catch(() => false))) {
        await new Promise((resolve) => setTimeout(resolve, 16));
      }
      for (let i = 0; i < 200; i++) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [spot] }).catch(() => undefined);
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }).catch(() => undefined);
        const worked = await inPage(
          "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__bench.workedAt !== undefined))))",
        )
          // A link that worked before the app was live loads another document: this one is gone.
          .catch(() => true);
        if (worked !== false || new URL(page.url()).pathname !== path) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const typing = hasField
      ? await measuredReturn(context, url, path, async (page) => {
          await page.waitForSelector(FIELD, { timeout: 30_000 });
          await page.tap(FIELD, { force: true, noWaitAfter: true }).catch(() => undefined);
          await page.keyboard.type(TYPED, { delay: 20 });
          await page.waitForTimeout(SETTLE_MS);
          const value = await page
            .locator(FIELD)
            .first()
            .inputValue()
            .catch(() => "");
          return { typedLost: TYPED.length - commonPrefixAndSuffix(TYPED, value) };
        })
      : undefined;
    const { taps, workedAt } = tapping.marks;
    // The tap that worked is the last one before the menu opened; every one before it was lost.
    const before = taps.filter((t) => t <= workedAt);
    return {
      contentAt: tapping.marks.contentAt,
      tapWorksAt: before.at(-1) ?? workedAt,
      tapsLost: Math.max(0, before.length - 1),
      typedLost: typing?.result.typedLost,
      fromServiceWorker: tapping.fromServiceWorker,
    };
  } finally {
    await context.close();
  }
}

/** A new tab on the phone profile opening `path`, then `act` on it; its marks once it settled. */
async function measuredReturn(context, url, path, act) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU });
  let fromServiceWorker = false;
  page.on("response", (response) => {
    if (response.request().resourceType() === "document") fromServiceWorker = response.fromServiceWorker();
  });
  const navigation = page.goto(url + path, { waitUntil: "commit" });
  await navigation;
  const result = await act(page, cdp);
  await page.waitForFunction(() => window.__bench.contentAt !== undefined, null, { timeout: 30_000 });
  await page.waitForTimeout(200);
  const marks = await page.evaluate(() => JSON.parse(sessionStorage.getItem("bench:left") ?? "null") ?? window.__bench);
  await page.close();
  return { marks, result, fromServiceWorker };
}

/**
 * How many characters of `typed` survive in `value`: all of them when they are there in one piece
 * (a field that holds a draft keeps it around them), else the longer of the common start and end.
 */
function commonPrefixAndSuffix(typed, value) {
  if (value.includes(typed)) return typed.length;
  let start = 0;
  while (start < typed.length && typed[start] === value[start]) start++;
  let end = 0;
  while (end < typed.length && typed[typed.length - 1 - end] === value[value.length - 1 - end]) end++;
  return Math.min(typed.length, Math.max(start, end));
}

function median(values) {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const ms = (value) => (value === undefined ? "-" : `${(value / 1000).toFixed(2)} s`);

/** The warm return's table, in Markdown. */
export function warmReturnTable(rows) {
  const lines = [
    "| page | content on screen | tap works | taps lost | typed chars lost | shell from service worker |",
    "|---|---|---|---|---|---|",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.page} | ${ms(r.content)} | ${ms(r.tapWorks)} | ${r.tapsLost} | ${r.typedLost ?? "-"} | ${r.fromServiceWorker ? "yes" : "no"} |`,
    );
  return lines.join("\n");
}
