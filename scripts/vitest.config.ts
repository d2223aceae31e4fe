import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every test here starts real node processes (setup also hashes two passwords at production
    // cost): seconds on a quiet machine, much more on a busy 2-core CI box.
    testTimeout: 60_000,
  },
});
