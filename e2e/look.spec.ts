import { expect, type Page } from "@playwright/test";
import { headingForAlex, keepScreenshot, openMenu, signInAsAlex } from "./app";
import { expectNoAxeViolations } from "./axe";
import { test } from "./test";

// No animation mid-way while axe measures colours.
test.use({ contextOptions: { reducedMotion: "reduce" } });

async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} scrolls sideways at 360 px`).toBeLessThanOrEqual(360);
}

test("axe finds nothing on the landing page, the sign-in page, the dashboard and the open drawer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Made for the two of us");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `landing`, { fullPage: true });

  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `signin`, { fullPage: true });

  await signInAsAlex(page);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `dashboard`, { fullPage: true });

  await openMenu(page);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, `drawer-open`);
});

test("nothing scrolls sideways on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const route of ["/", "/signin", "/no-such-page"]) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, `${route} (signed out)`);
  }
  await page.goto("/");
  await keepScreenshot(page, `phone-landing`, { fullPage: true });

  // Every signed-in page at 360 px: routes.spec.ts, in its hard load of each.
  await signInAsAlex(page);
  await keepScreenshot(page, `phone-dashboard`, { fullPage: true });
  await openMenu(page);
  await expectNoSidewaysScroll(page, "the open drawer");
  await keepScreenshot(page, `phone-drawer-open`);
});

test.describe("in the dark", () => {
  test.use({ colorScheme: "dark" });

  test("axe finds nothing on every page and the open drawer, at 1280 px; the first screens at 360 px too", async ({
    page,
  }) => {
    for (const route of ["/", "/signin"]) {
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      await expectNoAxeViolations(page, `${route} in the dark`);
    }
    await keepScreenshot(page, `dark-signin`, { fullPage: true });

    await signInAsAlex(page);
    for (const [route, heading] of Object.entries(headingForAlex)) {
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectNoAxeViolations(page, `${route} in the dark`);
      await keepScreenshot(page, `dark${route.replace("/", "-")}-1280`, { fullPage: true });
    }
    await page.goto("/dashboard");
    await openMenu(page);
    await expectNoAxeViolations(page, "the open drawer in the dark", { bestPractices: true });
    await keepScreenshot(page, `dark-drawer-open`);
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 360, height: 740 });
    for (const route of ["/dashboard", "/spank-bank", "/memories", "/letters"]) {
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${route} in the dark at 360 px`);
      await keepScreenshot(page, `dark${route.replace("/", "-")}-360`, { fullPage: true });
    }
  });
});
