import { test as base } from "@playwright/test";
import { type ServerProcess, startServer } from "./serverProcess";

/** Names the database of the worker's app, for inServerDatabase (e2e/database.ts). */
export const DATABASE_VARIABLE = "SPANKBANK_E2E_DATABASE";

/**
 * Playwright's test, with the real built app (server/dist + web/dist) in demo mode on a fresh
 * database for each worker: the spec files one worker runs share it, one after another, and no
 * other worker's writes reach it. Every page and context opens on it (baseURL).
 */
export const test = base.extend<object, { app: ServerProcess }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const app = await startServer();
      // The server's own complaints belong in the run's log.
      app.child.stderr?.on("data", (chunk) => process.stderr.write(chunk));
      process.env[DATABASE_VARIABLE] = app.databasePath;
      await use(app);
      await app.stop();
    },
    // A cold start seeds the demo history (startServer waits up to a minute for it).
    { scope: "worker", auto: true, timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});
