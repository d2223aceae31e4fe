import { expect as baseExpect, type Page } from "@playwright/test";
import { lookAt, openMenu, signedIn } from "./app";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const FAVOUR = { name: "Pancakes at dawn", description: "Coffee, pancakes, and no alarms." };

/** This year on the calendar of `timeZone`. */
const yearIn = (timeZone: string) => Number(new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric" }).format());

/** A partner's row of a chart's table (for screen readers): its figures after the name. */
async function figuresOf(page: Page, chart: string, partner: string): Promise<number[]> {
  const row = page
    .getByRole("region", { name: chart })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: partner, exact: true }) });
  return (await row.getByRole("cell").allTextContents()).map(Number);
}

/** The sum of a partner's column in a chart's table (its figure for the year). */
async function yearTotalOf(page: Page, chart: string, partner: string): Promise<number> {
  const table = page.getByRole("region", { name: chart }).getByRole("table");
  const names = await table.getByRole("columnheader").allTextContents();
  const column = names.indexOf(partner);
  const rows = await table
    .locator("tbody tr")
    .evaluateAll((trs, at) => trs.map((tr) => Number(tr.children[at]?.textContent ?? 0)), column);
  return rows.reduce((sum, n) => sum + n, 0);
}

test("both partners' year shows on the page: alex's workout and favour, sam's purchase", async ({ browser }) => {
  const alex = await signedIn(browser, "alex");
  const sam = await signedIn(browser, "sam");

  // Sam opens it from the drawer.
  await (await openMenu(sam)).getByRole("link", { name: "Our year", exact: true }).click();
  await expect(sam.getByRole("heading", { level: 1 })).toHaveText("Our year, in pictures");
  // It opens on this year on Sam's calendar (Florida); the year's rows are counted on the couple's
  // (India, the daily question's), where the writes below land: around New Year the two differ.
  await expect(sam.getByRole("combobox", { name: "Year" })).toHaveValue(String(yearIn("America/New_York")));
  const year = yearIn("Asia/Kolkata");
  await sam.goto(`/our-year?year=${year}`);
  await expect(sam.getByRole("table", { name: `Spanks in ${year}` })).toBeAttached();
  const [alexEarned, , alexDonated] = await figuresOf(sam, "Spanks earned, spent and donated", "Alex");
  const [, samSpent] = await figuresOf(sam, "Spanks earned, spent and donated", "Sam");
  const alexWorkouts = await yearTotalOf(sam, "Workouts, week by week", "Alex");

  // Alex logs a workout and lists a favour; sam buys it.
  await alex.goto("/dashboard");
  await alex.getByRole("button", { name: "Log Workout" }).click();
  const workout = alex.getByRole("dialog", { name: "Log Workout" });
  await workout.getByRole("textbox", { name: /Workout name/ }).fill("Sunrise swim");
  await workout.getByRole("textbox", { name: /Duration/ }).fill("30");
  await workout.getByRole("textbox", { name: /Calories/ }).fill("250");
  const logged = alex.waitForResponse((r) => r.url().endsWith("/api/log-workout"));
  await workout.getByRole("button", { name: "Submit" }).click();
  const { reward } = await (await logged).json();
  await expect(workout).toBeHidden();

  await alex.goto("/spank-bank?tab=manage");
  await alex.getByRole("button", { name: "Add New Product" }).click();
  const modal = alex.getByRole("dialog", { name: "Add New Product" });
  await modal.getByLabel("Name").fill(FAVOUR.name);
  await modal.getByLabel("Description").fill(FAVOUR.description);
  await modal.getByLabel("Price (Spanks)").fill("7");
  await modal.getByRole("button", { name: "Add Product" }).click();
  await expect(alex.getByText("Product added successfully!")).toBeVisible();
  await sam.goto("/spank-bank");
  const card = sam
    .locator(".mantine-Card-root")
    .filter({ has: sam.getByRole("heading", { name: FAVOUR.name, exact: true }) });
  await card.getByRole("button", { name: "Buy Now" }).click();
  await expect(card).toContainText("Quantity available: 0");

  // Back on the page, this year has both: alex's workout and its reward, sam's spanks spent.
  await sam.goto(`/our-year?year=${year}`);
  await expect(sam.getByRole("heading", { level: 1 })).toHaveText("Our year, in pictures");
  await expect
    .poll(() => figuresOf(sam, "Spanks earned, spent and donated", "Sam"))
    .toEqual([expect.any(Number), samSpent! + 7, expect.any(Number)]);
  expect(await figuresOf(sam, "Spanks earned, spent and donated", "Alex")).toEqual([
    alexEarned! + reward,
    expect.any(Number),
    alexDonated,
  ]);
  expect(await yearTotalOf(sam, "Workouts, week by week", "Alex")).toBe(alexWorkouts + 1);
  for (const title of [
    "Memories we kept",
    "Questions we answered",
    "Spanks earned, spent and donated",
    "Workouts, week by week",
    "Together and apart",
  ]) {
    await expect(sam.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  // Each chart drawn, and hidden from screen readers (its table speaks for it).
  await expect(sam.locator("[aria-hidden=true] .recharts-surface")).toHaveCount(5);
  await lookAt(sam, "our-year");
});
