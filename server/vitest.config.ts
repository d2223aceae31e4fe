import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // npm test runs this suite beside the browser tests on a shared 2-core machine, where a test of
    // a few hundred milliseconds can pass vitest's 5 s default without anything being wrong.
    testTimeout: 30_000,
  },
});
