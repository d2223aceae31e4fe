import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { DATA_DIR_VARIABLE, E2E_DATABASE_FILE } from "./e2e/global-teardown";
import { CHROMIUM, CHROMIUM_FLAGS } from "./scripts/chromium.mjs";
import { freePortSync } from "./scripts/freePort.mjs";

/** Chosen once in the main process: workers load this file again and inherit its environment. */
function sameInEveryWorker(name: string, choose: () => string): string {
  process.env[name] ??= choose();
  return process.env[name];
}

const port = Number(sameInEveryWorker("SPANKBANK_E2E_PORT", () => String(freePortSync())));
const dataDir = sameInEveryWorker(DATA_DIR_VARIABLE, () => mkdtempSync(join(tmpdir(), "spankbank-e2e-")));
const baseURL = `http://127.0.0.1:${port}`;

/** The real built app (server/dist + web/dist) in demo mode on a fresh database, in Chromium. */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 30_000,
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
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
  webServer: {
    command: "node server/dist/server.bundle.js",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: join(dataDir, E2E_DATABASE_FILE),
      // Never a developer's real couple.config.json: always the demo couple.
      SPANKBANK_CONFIG: join(dataDir, "no-couple.config.json"),
      NODE_ENV: "test",
    },
  },
});
