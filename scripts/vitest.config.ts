import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every test here starts real node processes (setup also hashes two passwords at production
    // cost, about 0.65 s each): seconds on a quiet machine, much more on a busy 2-core CI box.
    testTimeout: 60_000,
  },
});
