import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COLOR_SCHEME_STORAGE_KEY } from "@spankbank/shared/limits";
import { afterEach, describe, expect, it } from "vitest";

// web/first-paint/color-scheme.js, the head's script that paints the first frame: a plain file (no
// imports), so it names the storage key itself. Vitest runs in web/.
const script = readFileSync(join(process.cwd(), "first-paint", "color-scheme.js"), "utf8");
const paint = () => new Function(script)();
const painted = () => document.documentElement.getAttribute("data-mantine-color-scheme");

describe("the head's colour script", () => {
  afterEach(() => document.documentElement.removeAttribute("data-mantine-color-scheme"));

  it("paints the colours the app keeps, under the app's own key", () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, "dark");
    paint();
    expect(painted()).toBe("dark");
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, "light");
    paint();
    expect(painted()).toBe("light");
  });

  it("follows the device on auto, with nothing kept, or with something it does not know", () => {
    // The tests' device is light (src/test/setup.ts).
    for (const kept of ["auto", null, "sepia"]) {
      if (kept === null) localStorage.removeItem(COLOR_SCHEME_STORAGE_KEY);
      else localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, kept);
      paint();
      expect(painted(), String(kept)).toBe("light");
    }
  });
});
