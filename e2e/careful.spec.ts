import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";
import { ARTIFACTS, fillSignIn, openMenu } from "./app";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Sign-ins at production scrypt cost on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

/**
 * Axe with every rule it has, best practices included: the landmark rules Mantine's modal title
 * bar broke (landmark-no-duplicate-banner, landmark-unique) are best-practice rules, outside the
 * WCAG tags.
 */
async function expectNoAxeViolations(page: Page, what: string) {
  const { violations, passes } = await new AxeBuilder({ page }).analyze();
  expect(passes.length, `axe checked ${what}`).toBeGreaterThan(0);
  expect(
    violations.map(({ id, nodes }) => ({ what, id, targets: nodes.map((node) => node.target.join(" ")) })),
  ).toEqual([]);
}

/** Axe on an open dialog, and screenshots of it at 1280 and 360 px. */
async function lookAtDialog(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await page.screenshot({ path: `${ARTIFACTS}/${name}-1280.png` });
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, `${name} at 360 px`);
  await page.screenshot({ path: `${ARTIFACTS}/${name}-360.png` });
  await page.setViewportSize(LAPTOP);
}

async function signedIn(browser: Browser, username: "alex" | "sam") {
  const context = await browser.newContext({ viewport: LAPTOP, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/signin");
  await expect(page).toHaveTitle("Sign In · Spank Bank");
  await fillSignIn(page, username, `${username}-demo-pass`);
  await expect(page).toHaveURL("/dashboard");
  return page;
}

const card = (page: Page, name: string) =>
  page.locator(".mantine-Card-root").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("every modal and the drawer: axe finds nothing, best practices included", async ({ browser }) => {
  const alex = await signedIn(browser, "alex");

  await openMenu(alex);
  await lookAtDialog(alex, "careful-drawer");
  await alex.keyboard.press("Escape");

  // Log Workout, with its field errors showing (red 9 on white: 5.4:1).
  await alex.getByRole("button", { name: "Log Workout" }).click();
  const workout = alex.getByRole("dialog", { name: "Log Workout" });
  await workout.getByRole("button", { name: "Submit" }).click();
  await expect(workout.getByText("Duration is required")).toBeVisible();
  await lookAtDialog(alex, "careful-workout-errors");
  await workout.getByRole("button", { name: "Cancel" }).click();

  await alex.goto("/spank-bank");
  await alex.getByRole("tab", { name: "Manage Products" }).click();
  await alex.getByRole("button", { name: "Add New Product" }).click();
  const form = alex.getByRole("dialog", { name: "Add New Product" });
  await form.getByLabel("Price (Spanks)").fill("12.5");
  await expect(form.getByText("Price must be a whole number of spanks from 0 to 9999.")).toBeVisible();
  await lookAtDialog(alex, "careful-product-form");
  await form.getByRole("button", { name: "Cancel" }).click();

  await alex
    .getByRole("button", { name: /^Remove / })
    .first()
    .click();
  await expect(alex.getByRole("dialog", { name: "Confirm Removal" })).toBeVisible();
  await lookAtDialog(alex, "careful-confirm-removal");
  await alex.getByRole("dialog", { name: "Confirm Removal" }).getByRole("button", { name: "Cancel" }).click();

  await alex
    .getByRole("button", { name: /history/i })
    .first()
    .click();
  await expect(alex.getByRole("dialog")).toBeVisible();
  await lookAtDialog(alex, "careful-history");
  await alex.keyboard.press("Escape");

  await alex.goto("/floggers4change");
  await alex.getByRole("button", { name: "Donate Now" }).click();
  await expect(alex.getByRole("dialog", { name: "Notice" })).toBeVisible();
  await lookAtDialog(alex, "careful-notice");
  await alex.getByRole("button", { name: "Close" }).last().click();

  await alex.goto("/allquestions");
  await alex.getByText("You haven't responded yet. Click here to add your response.").first().click();
  await expect(alex.getByRole("dialog", { name: "Add a Response" })).toBeVisible();
  await lookAtDialog(alex, "careful-response");
  await alex.keyboard.press("Escape");

  await alex.goto("/memories");
  await alex.getByRole("button", { name: "Select memories to delete" }).click();
  await alex.getByRole("checkbox").first().check();
  await alex.getByRole("button", { name: "Delete Selected Memories" }).click();
  await expect(alex.getByRole("dialog", { name: "Delete 1 memory?" })).toBeVisible();
  await lookAtDialog(alex, "careful-delete-confirm");
  await alex.getByRole("button", { name: "Keep them" }).click();
});

test("1: a price is never multiplied: 12.5, 2.99 and 7,50 are refused and nothing is listed", async ({ browser }) => {
  const sam = await signedIn(browser, "sam");
  await sam.goto("/spank-bank");
  await sam.getByRole("tab", { name: "Manage Products" }).click();
  await sam.getByRole("button", { name: "Add New Product" }).click();
  const form = sam.getByRole("dialog", { name: "Add New Product" });
  await form.getByLabel("Name").fill("Half-price hug");
  await form.getByLabel("Description").fill("A hug, at a price with a dot in it.");
  const price = form.getByLabel("Price (Spanks)");
  for (const typed of ["12.5", "2.99", "7,50"]) {
    await price.fill("");
    await price.pressSequentially(typed);
    await expect(price).toHaveValue(typed);
    await expect(form.getByText("Price must be a whole number of spanks from 0 to 9999.")).toBeVisible();
    await form.getByRole("button", { name: "Add Product" }).click();
    await expect(form).toBeVisible();
  }
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(card(sam, "Half-price hug")).toHaveCount(0);
  await sam.reload();
  await sam.getByRole("tab", { name: "Manage Products" }).click();
  await expect(sam.getByRole("heading", { name: "Manage Your Products" })).toBeVisible();
  await expect(card(sam, "Half-price hug")).toHaveCount(0);
});

test("2: deleting memories: only what is on screen, a confirm naming the count, then the trash and Restore", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  await alex.goto("/memories");
  await expect(alex).toHaveTitle("Love in Every Memory · Spank Bank");
  const messages = alex.locator("article p.mantine-Text-root[data-size='lg']");
  await expect(messages).toHaveCount(5);
  const firstTwo = [await messages.nth(0).textContent(), await messages.nth(1).textContent()];

  // Selection mode: focus moves to its Cancel, and back to the trash button when it ends.
  await alex.getByRole("button", { name: "Select memories to delete" }).click();
  await expect(alex.getByRole("button", { name: "Cancel" })).toBeFocused();
  await alex.getByRole("checkbox").nth(0).check();
  // Another page clears the selection: nothing off screen can be deleted.
  await alex.getByRole("button", { name: "Page 2" }).click();
  await expect(alex).toHaveURL(/page=2/);
  await expect(alex.getByRole("button", { name: "Delete Selected Memories" })).toBeDisabled();
  await alex.getByRole("button", { name: "Page 1" }).click();
  await expect(alex.getByRole("checkbox").nth(0)).not.toBeChecked();

  await alex.getByRole("checkbox").nth(0).check();
  await alex.getByRole("checkbox").nth(1).check();
  await alex.getByRole("button", { name: "Delete Selected Memories" }).click();
  const confirm = alex.getByRole("dialog", { name: "Delete 2 memories?" });
  await expect(confirm).toContainText("restore them for 30 days");
  await confirm.getByRole("button", { name: "Delete 2 memories" }).click();
  await expect(alex.getByText("2 memories moved to the trash. You can restore them for 30 days.")).toBeVisible();
  await expect(alex.getByRole("button", { name: "Select memories to delete" })).toBeFocused();
  await expect(messages.nth(0)).not.toHaveText(firstTwo[0]!);

  await alex.getByRole("tab", { name: "Trash" }).click();
  await expect(alex).toHaveURL(/view=trash/);
  const trashed = alex.locator("article");
  await expect(trashed.filter({ hasText: firstTwo[0]! })).toContainText("restorable until");
  await alex.screenshot({ path: `${ARTIFACTS}/careful-trash-1280.png`, fullPage: true });
  await alex.setViewportSize(PHONE);
  await expectNoAxeViolations(alex, "the trash at 360 px");
  await alex.screenshot({ path: `${ARTIFACTS}/careful-trash-360.png`, fullPage: true });
  await alex.setViewportSize(LAPTOP);
  for (const message of firstTwo) {
    await trashed
      .filter({ hasText: message! })
      .getByRole("button", { name: /^Restore/ })
      .click();
    await expect(alex.getByText("Memory restored to the board.").first()).toBeVisible();
    await expect(trashed.filter({ hasText: message! })).toHaveCount(0);
  }
  await alex.getByRole("tab", { name: "Memories" }).click();
  await expect(messages.nth(0)).toHaveText(firstTwo[0]!);
  await expect(messages.nth(1)).toHaveText(firstTwo[1]!);
});

test("5: every person is named by their display name", async ({ browser }) => {
  const alex = await signedIn(browser, "alex");
  await expect(alex.getByText("Welcome, Alex!")).toBeVisible();
  await expect(alex).toHaveTitle("Dashboard · Spank Bank");
  for (const route of ["/dashboard", "/memories", "/allquestions", "/spank-bank", "/inventory"]) {
    await alex.goto(route);
    await expect(alex.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(alex.locator("main")).not.toContainText(/\b(alex_d|sam_r)\b/);
    await expect(alex.locator("main")).not.toContainText(/(by|Seller:|Posted by) (alex|sam)\b/);
  }
  await alex.goto("/memories");
  await expect(alex.locator("article").first()).toContainText(/by (Alex|Sam)/);
});

test("6: the pager stays on one line on a phone, Buy Now says why it is off, workouts are refused not clamped, redeem toasts, answering keeps focus, each tab titled", async ({
  browser,
}) => {
  const sam = await signedIn(browser, "sam");
  // A favour alex cannot afford.
  await sam.goto("/spank-bank");
  await sam.getByRole("tab", { name: "Manage Products" }).click();
  await sam.getByRole("button", { name: "Add New Product" }).click();
  const form = sam.getByRole("dialog", { name: "Add New Product" });
  await form.getByLabel("Name").fill("A week of breakfasts");
  await form.getByLabel("Description").fill("Seven mornings, seven trays.");
  await form.getByLabel("Price (Spanks)").fill("9999");
  await form.getByRole("button", { name: "Add Product" }).click();
  await expect(sam.getByText("Product added successfully!")).toBeVisible();

  const alex = await signedIn(browser, "alex");
  await alex.setViewportSize(PHONE);
  await alex.goto("/memories?page=3");
  const previous = alex.getByRole("button", { name: "Previous page" });
  const next = alex.getByRole("button", { name: "Next page" });
  await expect(next).toBeVisible();
  const [before, after] = [await previous.boundingBox(), await next.boundingBox()];
  expect(after!.y, "Next on the same line as Previous").toBe(before!.y);
  await alex.screenshot({ path: `${ARTIFACTS}/careful-memories-360.png`, fullPage: true });
  await alex.setViewportSize(LAPTOP);
  await alex.screenshot({ path: `${ARTIFACTS}/careful-memories-1280.png`, fullPage: true });

  await alex.goto("/spank-bank");
  await expect(alex).toHaveTitle("Sam's Spank Bank · Spank Bank");
  const dear = card(alex, "A week of breakfasts").getByRole("button", { name: "Buy Now" });
  await expect(dear).toBeDisabled();
  await expect(card(alex, "A week of breakfasts")).toContainText(/You need \d+ more spanks for this one\./);
  await alex.screenshot({ path: `${ARTIFACTS}/careful-shop-1280.png`, fullPage: true });

  await alex.goto("/dashboard");
  await alex.getByRole("button", { name: "Log Workout" }).click();
  const workout = alex.getByRole("dialog", { name: "Log Workout" });
  await expect(workout.getByText(/^Each workout earns 5 spanks, up to 3 a day/)).toBeVisible();
  await workout.getByRole("textbox", { name: /Workout name/ }).fill("Ultra");
  await workout.getByRole("textbox", { name: /Duration/ }).fill("2000");
  await workout.getByRole("textbox", { name: /Calories/ }).fill("300");
  await workout.getByRole("button", { name: "Submit" }).click();
  await expect(workout.getByText("Duration must be from 1 to 1440")).toBeVisible();
  await expect(workout.getByRole("textbox", { name: /Duration/ })).toHaveValue("2000");
  await lookAtDialog(alex, "careful-workout-range");
  await workout.getByRole("button", { name: "Cancel" }).click();

  await alex.goto("/inventory");
  await expect(alex).toHaveTitle("Your Inventory · Spank Bank");
  const redeem = alex.getByRole("button", { name: /^Redeem / }).first();
  await redeem.click();
  await expect(alex.getByText(/^Redeemed ".+": it waits under Redeemed for you to confirm\.$/)).toBeVisible();

  await alex.goto("/allquestions");
  await expect(alex).toHaveTitle("All Q&A · Spank Bank");
  await alex.getByText("You haven't responded yet. Click here to add your response.").first().click();
  const response = alex.getByRole("dialog", { name: "Add a Response" });
  await response.getByRole("textbox").fill("The lake at dawn.");
  await response.getByRole("button", { name: "Add Response" }).click();
  await expect(alex.getByText("Response submitted successfully!")).toBeVisible();
  await expect(response).toBeHidden();
  await expect(alex.getByRole("group", { name: "Your answer" }).filter({ hasText: "The lake at dawn." })).toBeFocused();
});
