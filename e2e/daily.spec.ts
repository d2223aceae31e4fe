import { expect, type Page } from "@playwright/test";
import { ALEX, fillSignIn, keepScreenshot } from "./app";
import { expectNoAxeViolations } from "./axe";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Each test is a whole story (several pages, axe, screenshots at two widths) on a shared 2-core box.
test.describe.configure({ timeout: 180_000 });

/** Signs in (a production-cost password check) and waits for the dashboard. */
async function signIn(page: Page, username: string, password: string) {
  await page.goto("/signin");
  await fillSignIn(page, username, password);
  await expect(page).toHaveURL("/dashboard", { timeout: 30_000 });
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible({ timeout: 15_000 });
}
const signInAsAlex = (page: Page) => signIn(page, ALEX.username, ALEX.password);

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 740 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
    await keepScreenshot(page, `daily-${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const clock = (page: Page, city: string) => page.getByTestId(`clock-${city}`);

test("both clocks tick every second without shifting the layout", async ({ page }) => {
  await signInAsAlex(page);
  for (const city of ["India", "Florida"]) {
    const time = clock(page, city);
    const first = await time.textContent();
    await expect(time).not.toHaveText(first!, { timeout: 3000 });
    const widths = new Set<number>();
    for (let tick = 0; tick < 3; tick += 1) {
      widths.add(await time.evaluate((el) => el.getBoundingClientRect().width));
      await page.waitForTimeout(1000);
    }
    expect(widths.size, `${city}'s clock keeps its width`).toBe(1);
  }
  // The demo history goes back six months: "6 months ago today...".
  await expect(page.getByText(/^\d+ months ago today\.\.\.$/).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Daily Quote" })).not.toContainText("Loading...");
  await expectNoAxeViolations(page, "the dashboard");
  await shoot(page, "dashboard");
});

test("alex logs a workout, sees the toast and drags it away", async ({ page }) => {
  await signInAsAlex(page);
  await page.getByRole("button", { name: "Log Workout" }).click();
  const modal = page.getByRole("dialog", { name: "Log Workout" });
  await expect(modal).toBeVisible();
  await expectNoAxeViolations(page, "the workout modal");
  await keepScreenshot(page, `daily-workout-modal-1280`);
  await modal.getByLabel("Workout name").fill("Evening run by the river");
  await modal.getByLabel("Duration (minutes)").fill("35");
  await modal.getByLabel("Distance", { exact: true }).fill("5");
  await modal.getByLabel("Distance unit").selectOption("km");
  await modal.getByLabel("Calories burned").fill("340");
  await modal.getByRole("button", { name: "Submit" }).click();

  const toast = page.locator(".Toastify__toast").filter({ hasText: "Workout logged successfully!" });
  await expect(toast).toBeVisible();
  await expect(modal).toBeHidden();
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  await expect(toast).toBeInViewport();
  await keepScreenshot(page, `daily-toast-1280`);
  const box = (await toast.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(300);
  expect(box.width).toBeLessThanOrEqual(560);
  // The pointer stays on the toast throughout, so its timer is paused: only the drag can remove it.
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(box.x + 10 + (box.width * 0.85 * step) / 10, box.y + box.height / 2);
  }
  await page.mouse.up();
  // The file's budget: the pointer still holds the toast's timer, so only the drag can hide it.
  await expect(toast).toBeHidden();
});

test("on a phone, a toast sits inside the screen with the same margin each side, its close button too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAlex(page);
  await page.getByRole("button", { name: "Log Workout" }).click();
  const modal = page.getByRole("dialog", { name: "Log Workout" });
  await modal.getByLabel("Workout name").fill("Stairs at lunch");
  await modal.getByLabel("Duration (minutes)").fill("10");
  await modal.getByLabel("Calories burned").fill("60");
  await modal.getByRole("button", { name: "Submit" }).click();
  const toast = page.locator(".Toastify__toast").filter({ hasText: "Workout logged successfully!" });
  await expect(toast).toBeVisible();
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThan(0);
  expect(Math.abs(box.x - (390 - box.x - box.width))).toBeLessThanOrEqual(1);
  const close = (await toast.getByRole("button", { name: /close/i }).boundingBox())!;
  expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width);
  await keepScreenshot(page, `daily-toast-390`);
});

test("alex pages through the memory board and deletes two memories", async ({ page }) => {
  await signInAsAlex(page);
  await page.goto("/memories");
  await expect(page.getByRole("heading", { level: 1, name: "Love in Every Memory" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(5);
  const totalText = await page.getByText(/^\d+ memories$/).textContent();
  const total = Number(totalText!.split(" ")[0]);
  await expectNoAxeViolations(page, "the memory board");
  await shoot(page, "memories");

  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("button", { name: "Select memories to delete" }).click();
  const boxes = page.getByRole("checkbox");
  const first = await page.getByRole("article").nth(0).locator("p").first().textContent();
  const second = await page.getByRole("article").nth(1).locator("p").first().textContent();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expectNoAxeViolations(page, "the memory board in selection mode");
  await page.getByRole("button", { name: "Delete Selected Memories" }).click();
  // A confirm names the count; the memories go to the trash (restorable for 30 days).
  const confirm = page.getByRole("dialog", { name: "Delete 2 memories?" });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, "the delete confirm");
  await confirm.getByRole("button", { name: "Delete 2 memories" }).click();
  await expect(page.getByText(`${total - 2} memories`)).toBeVisible();
  await expect(page.getByText(first!, { exact: true })).toHaveCount(0);
  await expect(page.getByText(second!, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
});

test("alex answers on /allquestions and both partners see it on the dashboard", async ({ page, browser }) => {
  await signInAsAlex(page);
  await page.goto("/allquestions");
  await expect(page.getByRole("heading", { level: 1, name: "All Q&A" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectNoAxeViolations(page, "All Q&A");
  await shoot(page, "allquestions");

  const latest = page.getByRole("article").first();
  const question = await latest.locator("p").first().textContent();
  await latest.getByRole("button", { name: "Edit your answer" }).click();
  // Alex answered in the demo already: the modal edits that answer.
  const modal = page.getByRole("dialog", { name: "Edit your response" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(question!)).toBeVisible();
  await expectNoAxeViolations(page, "the response modal");
  const answer = "Dinner under the stars, then dancing in the kitchen.";
  await modal.getByLabel("Your response").fill(answer);
  await expect(modal.getByText(`${answer.length}/300`)).toBeVisible();
  await keepScreenshot(page, `daily-response-modal-1280`);
  await modal.getByRole("button", { name: "Save Response" }).click();
  await expect(page.getByText("Response submitted successfully!")).toBeVisible();
  await expect(latest).toContainText(answer);

  await page.getByRole("textbox", { name: "Search questions" }).fill(question!.slice(0, 12).toUpperCase());
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole("article").first()).toContainText(question!);

  await page.goto("/dashboard");
  const qa = page.getByRole("region", { name: "Q & A" });
  await expect(qa.getByRole("region", { name: "Alex" })).toContainText(answer);

  const samContext = await browser.newContext();
  const sam = await samContext.newPage();
  await signIn(sam, "sam", "sam-demo-pass");
  await expect(sam.getByRole("region", { name: "Q & A" }).getByRole("region", { name: "Alex" })).toContainText(answer);
  await samContext.close();
});
