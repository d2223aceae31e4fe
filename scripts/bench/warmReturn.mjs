// The warm return, the path a partner's phone takes every day: it has visited before, so its service
// worker is installed and the app's query cache was kept by that visit. On a phone profile (390x844,
// touch, 4x CPU slowdown, 150 ms RTT), each page is opened again in a new tab and measured: when its
// content (its heading, nothing still "Loading") is on screen, when a tap on the menu first works and
// how many taps before it did nothing, and how many typed characters an early field loses. The
// browser is driven over the DevTools protocol alone (cdp.mjs), as little as the measure needs.
import { setTimeout as sleep } from "node:timers/promises";
import { launchChromium } from "./cdp.mjs";

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
export async function warmReturn({ url, pages, sessionCookie, chromiumPath, chromiumFlags = [], log = console.log }) {
  const browser = await launchChromium(chromiumPath, chromiumFlags);
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

/** The value of `expression` in the tab's page (a promise is awaited). */
async function inPage(tab, expression) {
  const { result, exceptionDetails } = await tab.send("Runtime.evaluate", {
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value;
}

/** Asks `expression` every `everyMs` until it is true, for at most `timeoutMs`. */
async function until(tab, expression, { timeoutMs = 30_000, everyMs = 16 } = {}) {
  const end = Date.now() + timeoutMs;
  while (!(await inPage(tab, expression).catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
    await sleep(everyMs);
  }
}

/** A new tab on the phone: 390x844 at 3x, touch, and the page's watcher before any script. */
async function phoneTab(context) {
  const tab = await context.newTab();
  await tab.send("Emulation.setDeviceMetricsOverride", { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
  await tab.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
  // The script for new documents is only installed with the page domain on.
  await tab.send("Page.enable");
  await tab.send("Page.addScriptToEvaluateOnNewDocument", { source: `(${watchPage})()` });
  return tab;
}

/** A touch at `spot`, as a finger makes it. */
async function touch(tab, spot) {
  await tab.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [spot] }).catch(() => undefined);
  await tab.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }).catch(() => undefined);
}

/** The middle of the first element `selector` finds, scrolled into view as a finger would first. */
const middleOf = (tab, selector) =>
  inPage(
    tab,
    `(() => { const element = document.querySelector(${JSON.stringify(selector)}); element.scrollIntoView({ block: "center" }); const r = element.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
  );

/**
 * One phone: a first visit (which installs the service worker and leaves the app's cache), then the
 * return in a new tab, measured twice, once tapping and once typing (a field the page has).
 */
async function oneReturn(browser, url, { path, signedIn }, sessionCookie) {
  const context = await browser.newContext();
  try {
    if (signedIn) {
      const [name, value] = sessionCookie.split("=");
      await browser.send("Storage.setCookies", { cookies: [{ name, value, url }], browserContextId: context.id });
    }
    const first = await phoneTab(context);
    await first.send("Page.navigate", { url: url + path });
    await until(first, "window.__bench?.contentAt !== undefined", { everyMs: 100 });
    await until(first, "navigator.serviceWorker.controller !== null", { everyMs: 100 });
    const hasField = await inPage(first, `document.querySelector(${JSON.stringify(FIELD)}) !== null`);
    // Where a finger taps: the middle of the menu button (or link), as this visit laid it out.
    const spot = await middleOf(first, tapTarget(signedIn, path));
    // What the app keeps between visits (its data, and the page as shown) is written when the page
    // goes idle after its data came: a visit ends once it is (or after a while, for a build that
    // keeps no page).
    const kept = JSON.stringify(`/__page${path.length > 1 ? path : "/"}`);
    await until(first, `caches.match(${kept}, { cacheName: "spankbank-pages" }).then((page) => page !== undefined)`, {
      timeoutMs: 10_000,
      everyMs: 250,
    }).catch(() => undefined);
    await sleep(1_000);
    await first.close();

    const tapping = await measuredReturn(browser, context, url, path, async (tab) => {
      // Only the protocol's own calls while the page loads, and as few as will do: each one asked
      // of the page runs on its main thread, which the phone spends on nothing else.
      const target = JSON.stringify(tapTarget(signedIn, path));
      // Tapped as soon as it is on screen, then again until it works. The next tap waits until the
      // page has drawn twice since it handled this one.
      await until(tab, `document.querySelector(${target}) !== null`);
      for (let i = 0; i < 200; i++) {
        await touch(tab, spot);
        const worked = await inPage(
          tab,
          `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__bench.workedAt !== undefined || location.pathname !== ${JSON.stringify(path)}))))`,
        )
          // A link that worked before the app was live loads another document: this one is gone.
          .catch(() => true);
        if (worked !== false) break;
        await sleep(50);
      }
    });
    const typing = hasField
      ? await measuredReturn(browser, context, url, path, async (tab) => {
          await until(tab, `document.querySelector(${JSON.stringify(FIELD)}) !== null`);
          await touch(tab, await middleOf(tab, FIELD));
          for (const key of TYPED) {
            await tab.send("Input.dispatchKeyEvent", { type: "keyDown", key, text: key, unmodifiedText: key });
            await tab.send("Input.dispatchKeyEvent", { type: "keyUp", key });
            await sleep(20);
          }
          await sleep(SETTLE_MS);
          const value = await inPage(tab, `document.querySelector(${JSON.stringify(FIELD)})?.value ?? ""`).catch(
            () => "",
          );
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

/** A new tab on the phone profile, its network and CPU slowed, opening `path`, then `act` on it; its marks once it settled. */
async function measuredReturn(browser, context, url, path, act) {
  const tab = await phoneTab(context);
  await tab.send("Network.enable");
  await tab.send("Network.emulateNetworkConditions", PHONE_NETWORK);
  await tab.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU });
  let fromServiceWorker = false;
  const stop = browser.on((message) => {
    if (message.sessionId === tab.sessionId && message.method === "Network.responseReceived") {
      if (message.params.type === "Document") fromServiceWorker = message.params.response.fromServiceWorker === true;
    }
  });
  try {
    await tab.send("Page.navigate", { url: url + path });
    const result = await act(tab);
    await until(tab, "window.__bench?.contentAt !== undefined", { everyMs: 100 });
    await sleep(200);
    const marks = await inPage(tab, `JSON.parse(sessionStorage.getItem("bench:left") ?? "null") ?? window.__bench`);
    return { marks, result, fromServiceWorker };
  } finally {
    stop();
    await tab.close();
  }
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
