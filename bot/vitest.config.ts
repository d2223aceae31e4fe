import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default on a 2-core box is one worker, with the main process mostly waiting: two keep both cores busy.
    maxWorkers: 2,
    // Each test drives the real discord.js client through several REST round trips; on a shared,
    // loaded 2-core machine that can pass vitest's 5 s default without anything being wrong.
    testTimeout: 30_000,
  },
});
