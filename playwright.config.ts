import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_HEADLESS_SHELL } from "./scripts/chromium.mjs";

/**
 * The real built app (server/dist + web/dist) in demo mode, in Chromium: each worker starts its own
 * server on its own fresh database (e2e/test.ts), so two workers share nothing but the machine.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  // A file's tests run in order in one worker (careful.spec shares its signed-in partners).
  fullyParallel: false,
  // One worker leaves a core idle while a test waits on the browser or the server.
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  // Budgets on a busy shared 2-core machine, not expectations: sign-ins check passwords at production cost.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  use: {
    // No trace: every test paid to record one, though only a failed test's was kept; run a failing
    // test again with `--trace on` to see every action and the DOM at it.
    trace: "off",
    screenshot: "only-on-failure",
    // The built app registers a service worker, which would answer the page's files from its
    // cache out of page.route's sight; e2e/pwa.spec.ts allows it to test it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM_HEADLESS_SHELL,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
