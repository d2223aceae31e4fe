import { expect as baseExpect } from "@playwright/test";
import { addMemory } from "@spankbank/db/memories";
import { lookAt, openMenu, signedIn } from "./app";
import { inServerDatabase } from "./database";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// A partner signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

/** This year on the demo couple's calendar (Asia/Kolkata), as the server counts it. */
const thisYear = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric" }).format());

test("sam opens the timeline from the menu, taps a day and sees its memory, then jumps to a date years ago and opens it on the board", async ({
  browser,
}) => {
  inServerDatabase((db) => {
    const sam = db.$client.prepare("SELECT id FROM users WHERE username = 'sam'").get() as { id: number };
    // 1 January, 17:30 in Kolkata; and an old one, 1 June 2019, 19:30 there.
    addMemory(db, {
      userId: sam.id,
      message: "New year's lanterns over the bay",
      createdAt: new Date(`${thisYear}-01-01T12:00:00Z`),
    });
    addMemory(db, {
      userId: sam.id,
      message: "Mango ice cream on the pier, sticky fingers",
      createdAt: new Date("2019-06-01T14:00:00Z"),
    });
  });
  const page = await signedIn(browser, "sam");
  await openMenu(page);
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Timeline" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Our Timeline" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: String(thisYear), exact: true })).toBeVisible();
  await lookAt(page, "timeline-year", "the timeline's year");

  const newYear = page.getByRole("button", { name: new RegExp(`^1 January ${thisYear}: \\d+ memor`) });
  await newYear.click();
  await expect(page).toHaveURL(`/timeline?date=${thisYear}-01-01`);
  const opened = page.getByRole("heading", { level: 2, name: new RegExp(`1 January ${thisYear}$`) });
  await expect(opened).toBeFocused();
  await expect(page.getByText("New year's lanterns over the bay")).toBeVisible();
  await lookAt(page, "timeline-day", "the timeline with a day open");

  await page.getByLabel("Jump to a date").fill("2019-06-01");
  await page.getByRole("button", { name: "Go" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Saturday 1 June 2019" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "2019", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "1 June 2019: 1 memory" })).toHaveAttribute("aria-pressed", "true");
  const memory = page.getByText("Mango ice cream on the pier, sticky fingers");
  await expect(memory).toBeVisible();

  await page.getByRole("link", { name: "See it on the memory board" }).click();
  await expect(page).toHaveURL(/\/memories\?page=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Love in Every Memory" })).toBeVisible();
  await expect(page.getByText("Mango ice cream on the pier, sticky fingers")).toBeVisible();
});
