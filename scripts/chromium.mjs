// The one way e2e (playwright.config.ts) and the page bench (bench/bench-web.mjs) start a browser
// (plain JS, as freePort.mjs, so both load it as it is).

/** DESIGN.md section 6: the system Chromium, never a downloaded one. */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * The same Debian build's old headless shell (package chromium-headless-shell), the browser
 * Playwright runs headless tests in: for e2e, where it costs the machine less than the whole
 * browser (it has no browser UI to draw). The benches measure a phone's browser: CHROMIUM.
 */
export const CHROMIUM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** Flags for a headless run on a server: no sandbox or GPU, nothing fetched or synced in the background. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
