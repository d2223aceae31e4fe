import {
  type Browser,
  type BrowserContextOptions,
  expect as baseExpect,
  type Locator,
  type Page,
} from "@playwright/test";
import { expectNoAxeViolations, inTheDark } from "./axe";

/** A sign-in runs a production-cost password check: on a busy machine a page can take a while. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** Where screenshots go for a person to look at (gitignored). */
export const ARTIFACTS = "e2e/.artifacts";

/** Set (by `npm run e2e:look`) to keep the screenshots in ARTIFACTS. */
const SCREENSHOTS_VARIABLE = "E2E_SCREENSHOTS";

/**
 * Keeps a screenshot in ARTIFACTS for a person to look at, when asked: nobody looks at them after
 * CI, where drawing each one costs the browser's time.
 */
export async function keepScreenshot(what: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!process.env[SCREENSHOTS_VARIABLE]) return;
  await what.screenshot({ path: `${ARTIFACTS}/${name}.png`, ...options });
}

/** The demo couple (DESIGN.md section 3): alex's partner is Sam. */
export const ALEX = { username: "alex", password: "alex-demo-pass" } as const;

/** The h1 each spec route shows to alex once signed in (/ and /signin lead to the dashboard). */
export const headingForAlex: Record<string, string> = {
  "/dashboard": "Hello, Alex",
  "/protected": "Protected Page",
  "/memories": "Love in Every Memory",
  "/spank-bank": "Sam's Spank Bank",
  "/inventory": "Your Inventory",
  "/floggers4change": "Floggers4Change",
  "/trapped-game": "Trapped with Sam",
  "/christmas-letter": "Christmas Letter",
  "/letters": "Letters for later",
  "/allquestions": "All Q&A",
  "/together": "Until we're together",
  "/our-year": "Our year, in pictures",
  "/timeline": "Our Timeline",
};

/** The drawer entries for alex, in order, with where each leads. */
export const menuForAlex = [
  ["Memory Board", "/memories"],
  ["Timeline", "/timeline"],
  ["Sam's Spank Bank", "/spank-bank"],
  ["Inventory", "/inventory"],
  ["Floggers4Change", "/floggers4change"],
  ["Trapped with Sam", "/trapped-game"],
  ["Christmas Letter", "/christmas-letter"],
  ["Letters for later", "/letters"],
  ["Q & A", "/allquestions"],
  ["Until we're together", "/together"],
  ["Our year", "/our-year"],
] as const;

export async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in as alex from the sign-in page and waits for the dashboard. */
export async function signInAsAlex(page: Page): Promise<void> {
  await page.goto("/signin");
  await fillSignIn(page, ALEX.username, ALEX.password);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText("Welcome, Alex!")).toBeVisible();
}

export async function openMenu(page: Page) {
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The two widths every page is looked at. */
export const LAPTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };

/**
 * One partner signed in with the demo password in a browser context of their own, on the dashboard;
 * `options` change the context (a phone's touch screen, the browser's time zone).
 */
export async function signedIn(
  browser: Browser,
  username: "alex" | "sam",
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: LAPTOP, reducedMotion: "reduce", ...options });
  const page = await context.newPage();
  await page.goto("/signin");
  await fillSignIn(page, username, `${username}-demo-pass`);
  await expect(page).toHaveURL("/dashboard");
  return page;
}

/**
 * Axe at 1280 px in the light and at 360 px in the dark (each width and each palette once: a check
 * costs the browser most of a second), then screenshots at 1280 and 360 px (where nothing may
 * scroll sideways).
 */
export async function lookAt(page: Page, name: string, what = name): Promise<void> {
  await expectNoAxeViolations(page, what);
  await keepScreenshot(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize(PHONE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(PHONE.width);
  await keepScreenshot(page, `${name}-360`, { fullPage: true });
  await inTheDark(page, async () => {
    await expectNoAxeViolations(page, `${what} at 360 px in the dark`);
    await keepScreenshot(page, `${name}-dark-360`, { fullPage: true });
  });
  await page.setViewportSize(LAPTOP);
}

/** The number in the header's 'You have N spanks'. */
export async function spankTotal(page: Page): Promise<number> {
  const total = page.getByText(/^You have [\d,]+ spanks$/);
  await expect(total).toBeVisible();
  return Number((await total.textContent())?.match(/[\d,]+/)?.[0].replaceAll(",", ""));
}

/** A favour's card in a list, by its name. */
export const favourCard = (page: Page, name: string) =>
  page.locator(".mantine-Card-root").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** What has focus, as "tag name" (its aria-label, else its text), or "body" when focus was dropped. */
export const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    return `${element.tagName.toLowerCase()} ${element.getAttribute("aria-label") ?? element.textContent?.trim() ?? ""}`;
  });

/** How a pill's text lays out: on how many lines, and whether its box cuts it short. */
export const pillLayout = (pill: Locator) =>
  pill.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return { lines: tops.size, clipped: element.scrollWidth > element.clientWidth };
  });

/**
 * Lists a favour from the Manage Products tab already open, its price typed key by key as a
 * partner types it, and waits for the toast that says it was added.
 */
export async function listFavour(page: Page, favour: { name: string; description: string; price: number }) {
  await page.getByRole("button", { name: "Add New Product" }).click();
  const form = page.getByRole("dialog", { name: "Add New Product" });
  await form.getByLabel("Name").fill(favour.name);
  await form.getByLabel("Description").fill(favour.description);
  await form.getByLabel("Price (Spanks)").pressSequentially(String(favour.price));
  await form.getByRole("button", { name: "Add Product" }).click();
  await baseExpect(page.getByText("Product added successfully!")).toBeVisible();
}

/** Where a pager's Previous and Next are drawn, and how wide the page is, read in one go (images may still move the page). */
export async function pagerPlace(page: Page, within: Locator = page.locator("body")) {
  await expect(within.getByRole("button", { name: "Next page" })).toBeVisible();
  return within.evaluate((root) => {
    const box = (name: string) => {
      const { x, y, width } = root.querySelector(`button[aria-label="${name}"]`)!.getBoundingClientRect();
      return { x, y, width };
    };
    return {
      previous: box("Previous page"),
      next: box("Next page"),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}
