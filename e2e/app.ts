import { expect, type Page } from "@playwright/test";

/** Where screenshots go for a person to look at (gitignored). */
export const ARTIFACTS = "e2e/.artifacts";

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
};

/** The drawer entries for alex, in order, with where each leads. */
export const menuForAlex = [
  ["Memory Board", "/memories"],
  ["Sam's Spank Bank", "/spank-bank"],
  ["Inventory", "/inventory"],
  ["Floggers4Change", "/floggers4change"],
  ["Trapped with Sam", "/trapped-game"],
  ["Christmas Letter", "/christmas-letter"],
  ["Letters for later", "/letters"],
  ["Q & A", "/allquestions"],
  ["Until we're together", "/together"],
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
