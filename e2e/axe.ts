import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Axe (WCAG 2.1 A and AA) on the page as it is now: it must check something and find nothing. */
export async function expectNoAxeViolations(page: Page, what = "the page") {
  const { violations, passes } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(passes.length, `axe checked ${what}`).toBeGreaterThan(0);
  expect(
    violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(" ")) })),
    what,
  ).toEqual([]);
}
