import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // On a shared, loaded 2-core machine a test of a few hundred milliseconds can pass vitest's 5 s
    // default without anything being wrong.
    testTimeout: 30_000,
    // Every file opens its own database (and app) and no test mocks a module: the files a worker
    // runs share the modules it loaded once, instead of loading them again for each file.
    isolate: false,
  },
});
