import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // On a shared, loaded 2-core machine a test of a few hundred milliseconds can pass vitest's 5 s
    // default without anything being wrong.
    testTimeout: 30_000,
  },
});
