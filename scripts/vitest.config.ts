import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Most of a test here is waiting on the processes it started: three at once keep a 2-core box busy
    // (vitest's default there is one).
    maxWorkers: 3,
    // Every test here starts real node processes (setup also hashes two passwords at production
    // cost): seconds on a quiet machine, much more on a busy 2-core CI box.
    testTimeout: 60_000,
  },
});
