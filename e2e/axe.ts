import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21aa"];

/**
 * Axe (WCAG 2.1 A and AA) on the page as it is now: it must check something and find nothing.
 * `bestPractices` adds axe's best-practice rules: the landmark rules a modal's title bar once broke
 * (landmark-no-duplicate-banner, landmark-unique) are among them, outside the WCAG tags. `within`
 * checks only what a selector matches (an open dialog: the page behind it has its own checks).
 */
export async function expectNoAxeViolations(
  page: Page,
  what = "the page",
  { bestPractices = false, within }: { bestPractices?: boolean; within?: string } = {},
) {
  // axe.run in the page itself: the app has no frames, and the default (axe.runPartial here, then
  // axe.finishRun in a blank tab it opens for every check) gives the same results, a tab later.
  const axe = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(bestPractices ? [...WCAG_AA, "best-practice"] : WCAG_AA);
  const { violations, passes } = await (within ? axe.include(within) : axe).analyze();
  expect(passes.length, `axe checked ${what}`).toBeGreaterThan(0);
  expect(
    violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(" ")) })),
    what,
  ).toEqual([]);
}

/**
 * Runs `check` with the device set dark, which the page follows (the partner's colours on Auto, as
 * they start), then sets it light again.
 */
export async function inTheDark(page: Page, check: () => Promise<void>) {
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await check();
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
}
