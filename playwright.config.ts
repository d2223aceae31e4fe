import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_FLAGS } from "./scripts/chromium.mjs";

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
  // Budgets on a busy shared 2-core machine, not expectations: sign-ins run scrypt at production cost.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  use: {
    // A failed test keeps its trace: every action and the page's DOM at it. The screencast is left
    // out, since every test pays to record it and the failure screenshot shows the end.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // The built app registers a service worker, which would answer the page's files from its
    // cache out of page.route's sight; e2e/pwa.spec.ts allows it to test it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
