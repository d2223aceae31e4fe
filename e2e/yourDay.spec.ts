import { type Browser, expect, type Page } from "@playwright/test";
import { ALEX, fillSignIn, keepScreenshot } from "./app";
import { expectNoAxeViolations } from "./axe";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners, production-cost sign-ins, axe and screenshots on a shared 2-core box.
test.describe.configure({ timeout: 180_000 });

/**
 * Monday 23 November 2026, 17:00 UTC: 10:30 PM in India (Alex), 12:00 PM in Florida (Sam).
 * Inside the 22:00-06:00 Alex sets; with the config's 23:30 bedtime Alex would be "free".
 */
const MOMENT = new Date("2026-11-23T17:00:00Z");

/** A partner's own browser, its clock held at MOMENT (the clocks and states are worked out in the page). */
async function signedIn(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.clock.setFixedTime(MOMENT);
  await page.goto("/signin");
  await fillSignIn(page, username, password);
  await expect(page).toHaveURL("/dashboard", { timeout: 30_000 });
  return page;
}

async function setSleep(page: Page, bedtime: string, wakeUp: string) {
  await page.getByRole("button", { name: "Your day" }).click();
  const modal = page.getByRole("dialog", { name: "Your day" });
  await modal.getByLabel("Bedtime").fill(bedtime);
  await modal.getByLabel("Wake-up").fill(wakeUp);
  await modal.getByRole("button", { name: "Save" }).click();
  // The newest toast is on top; an earlier save's toast may still be showing.
  await expect(page.getByText("Your day is saved.").first()).toBeVisible();
  await expect(modal).toBeHidden();
}

test("alex sets his sleep on the web; sam's dashboard says he is probably asleep and when both are awake, in both times", async ({
  browser,
}) => {
  const sam = await signedIn(browser, "sam", "sam-demo-pass");
  // The config's day: Alex's 23:30 bedtime is an hour away.
  await expect(sam.getByTestId("state-India")).toHaveText("Alex is free");
  const alex = await signedIn(browser, ALEX.username, ALEX.password);
  await expect(alex.getByTestId("state-Florida")).toHaveText("Sam is at work");

  await alex.getByRole("button", { name: "Your day" }).click();
  const modal = alex.getByRole("dialog", { name: "Your day" });
  await expect(modal.getByLabel("Bedtime")).toHaveValue("23:30");
  await expectNoAxeViolations(alex, "the Your day modal");
  for (const width of [1280, 360]) {
    await alex.setViewportSize({ width, height: width === 1280 ? 900 : 740 });
    await keepScreenshot(alex, `your-day-modal-${width}`);
  }
  await alex.setViewportSize({ width: 1280, height: 900 });

  // A bad time is named in the form and nothing is sent.
  await modal.getByLabel("Wake-up").fill("23:30");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Wake-up time must differ from bedtime")).toBeVisible();

  await modal.getByLabel("Bedtime").fill("22:00");
  await modal.getByLabel("Wake-up").fill("06:00");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(alex.getByText("Your day is saved.").first()).toBeVisible();
  await expect(modal).toBeHidden();
  // Alex's own page follows at once: he sleeps until 6:00 AM, Sam from 11:00 PM.
  await expect(alex.getByTestId("both-awake")).toHaveText(
    "Both awake next: Tue 6:00 AM–Tue 9:30 AM in India, 7:30 PM–11:00 PM in Florida",
  );

  await sam.reload();
  await expect(sam.getByTestId("state-India")).toHaveText("Alex is probably asleep");
  await expect(sam.getByTestId("both-awake")).toHaveText(
    "Both awake next: 7:30 PM–11:00 PM in Florida, Tue 6:00 AM–Tue 9:30 AM in India",
  );
  await expectNoAxeViolations(sam, "sam's dashboard");
  await keepScreenshot(sam, `your-day-sam-dashboard-1280`);
  await sam.context().close();

  // Back to the config's hours, so the specs after this one meet the demo couple as it was.
  await setSleep(alex, "23:30", "07:00");
  await alex.context().close();
});
