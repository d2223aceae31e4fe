import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Each test drives the real discord.js client through several REST round trips; on a shared,
    // loaded 2-core machine that can pass vitest's 5 s default without anything being wrong.
    testTimeout: 30_000,
  },
});
