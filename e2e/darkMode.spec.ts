import { type Browser, expect as baseExpect, type Page } from "@playwright/test";
import { fillSignIn, LAPTOP, openMenu } from "./app";
import { test } from "./test";

// Sign-ins run a production-cost password check: budgets on a busy machine, not expectations.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The page's background in each scheme: Mantine's body colour as app.css and the theme set it. */
const LIGHT_PAGE = "rgb(255, 248, 248)";
const DARK_PAGE = "rgb(44, 34, 38)";

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Nothing of the app's own code runs: what is painted is the HTML, its styles and the head's script. */
const withoutAppScripts = (page: Page) => page.route("**/assets/*.js", (route) => route.abort());

async function expectPainted(page: Page, scheme: "light" | "dark", where: string) {
  await expect(page.locator("html"), where).toHaveAttribute("data-mantine-color-scheme", scheme);
  expect(await pageBackground(page), where).toBe(scheme === "dark" ? DARK_PAGE : LIGHT_PAGE);
}

/** A partner signed in on a device of their own whose system setting is `device`. */
async function signInOnDevice(browser: Browser, username: "alex" | "sam", device: "light" | "dark") {
  const context = await browser.newContext({ viewport: LAPTOP, reducedMotion: "reduce", colorScheme: device });
  const page = await context.newPage();
  await page.goto("/signin");
  await fillSignIn(page, username, `${username}-demo-pass`);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return page;
}

/** The menu's colours as they show picked, the menu closed again. */
async function expectPicked(page: Page, label: "Auto" | "Light" | "Dark") {
  const drawer = await openMenu(page);
  await expect(drawer.getByRole("radiogroup", { name: "Colours" })).toBeVisible();
  await expect(drawer.getByRole("radio", { name: label })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
}

async function pickColours(page: Page, label: "Auto" | "Light" | "Dark") {
  const drawer = await openMenu(page);
  await drawer.getByText(label, { exact: true }).click();
  await expect(drawer.getByRole("radio", { name: label })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
}

test("the first paint follows a dark device before any script of the app runs: /, /signin and the shell", async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await withoutAppScripts(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectPainted(page, "dark", "/ (prerendered)");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "dark");
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expectPainted(page, "dark", "/signin (prerendered)");
  await page.goto("/index.html");
  await expect(page.getByRole("status")).toHaveText("Loading...");
  await expectPainted(page, "dark", "the shell (what the service worker answers with)");

  // The colours this browser kept win over the device's.
  await page.evaluate(() => localStorage.setItem("spankbank-color-scheme", "light"));
  await page.goto("/");
  await expectPainted(page, "light", "/ with light kept on a dark device");
  await context.close();

  const lightDevice = await browser.newContext({ colorScheme: "light" });
  const light = await lightDevice.newPage();
  await withoutAppScripts(light);
  await light.goto("/signin");
  await expectPainted(light, "light", "/signin on a light device");
  await lightDevice.close();
});

test("the menu's colours are the partner's own: kept across a reload and on their other device, the other partner keeps theirs", async ({
  browser,
}) => {
  const alex = await signInOnDevice(browser, "alex", "light");
  await expectPainted(alex, "light", "alex, following a light device");
  await expectPicked(alex, "Auto");

  await pickColours(alex, "Dark");
  await expectPainted(alex, "dark", "alex after picking Dark");

  // Kept in this browser: the next visit's first paint is dark before the app's scripts run.
  await withoutAppScripts(alex);
  await alex.reload();
  await expect(alex.getByRole("status")).toHaveText("Loading...");
  await expectPainted(alex, "dark", "alex's return, before the app runs");
  await alex.unrouteAll();
  await alex.reload();
  await expect(alex.getByRole("heading", { level: 1 })).toBeVisible();
  await expectPainted(alex, "dark", "alex's return");
  await expectPicked(alex, "Dark");

  // Sam, in a browser of their own, keeps following their device.
  const sam = await signInOnDevice(browser, "sam", "light");
  await expectPainted(sam, "light", "sam");
  await expectPicked(sam, "Auto");

  // Alex's other device (light, nothing kept) takes Alex's colours from the server at sign-in.
  const alexsPhone = await signInOnDevice(browser, "alex", "light");
  await expectPainted(alexsPhone, "dark", "alex's other device");
  await withoutAppScripts(alexsPhone);
  await alexsPhone.reload();
  await expectPainted(alexsPhone, "dark", "alex's other device's return, before the app runs");

  // Back to Auto: the page follows the device again, light here.
  await pickColours(alex, "Auto");
  await expectPainted(alex, "light", "alex back on Auto, on a light device");
  await alex.reload();
  await expect(alex.getByRole("heading", { level: 1 })).toBeVisible();
  await expectPainted(alex, "light", "alex's return on Auto");

  for (const page of [alex, sam, alexsPhone]) await page.context().close();
});
