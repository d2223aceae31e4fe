// The one way e2e (playwright.config.ts) and the page bench (bench/bench-web.mjs) start a browser
// (plain JS, as freePort.mjs, so both load it as it is).

/** DESIGN.md section 6: the system Chromium, never a downloaded one. */
export const CHROMIUM = "/usr/bin/chromium";

/** Flags for a headless run on a server: no sandbox or GPU, nothing fetched or synced in the background. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
