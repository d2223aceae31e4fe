import { expect, type Page } from "@playwright/test";
import { headingForAlex, keepScreenshot, signInAsAlex } from "./app";
import { test } from "./test";

/** The layout shifts of the page's load so far (none after input counts, as in CLS), summed. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
        }).observe({ type: "layout-shift", buffered: true });
        // No shift at all: the observer never calls back.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

for (const width of [360, 1280]) {
  test(`at ${width} px, /spank-bank and the list pages load without moving what is on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsAlex(page);
    for (const path of ["/spank-bank", "/memories", "/allquestions", "/christmas-letter"]) {
      // The page's data held back a moment, so its loading texts show first, as on a slow phone.
      await page.route("**/api/**", async (route) => {
        if (!route.request().url().includes("/api/auth/session")) await new Promise((r) => setTimeout(r, 300));
        await route.continue();
      });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex[path]!);
      if (path === "/spank-bank") await expect(page.getByText(/^You have [\d,]+ spanks$/)).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await layoutShift(page), path).toBeLessThanOrEqual(0.02);
      await page.unrouteAll({ behavior: "wait" });
    }
    await page.goto("/spank-bank");
    await expect(page.getByText(/^You have [\d,]+ spanks$/)).toBeVisible();
    await keepScreenshot(page, `spank-bank-${width}`, { fullPage: true });
  });
}
