import { expect as baseExpect } from "@playwright/test";
import { NUDGE_DAILY_LIMIT } from "@spankbank/shared/limits";
import { fillSignIn, keepScreenshot, lookAt, PHONE, signedIn } from "./app";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

test("alex taps the heart twice; sam's dashboard says alex thought of them, on sam's day", async ({ browser }) => {
  const sam = await signedIn(browser, "sam");
  const alex = await signedIn(browser, "alex");
  const samCard = sam.getByRole("region", { name: "Thinking of you" });
  await expect(samCard).toContainText("No thoughts from Alex yet today");

  const alexCard = alex.getByRole("region", { name: "Thinking of you" });
  await alexCard.getByLabel("A short line (optional)").fill("Saving you the last pastel de nata");
  await alexCard.getByRole("button", { name: "Thinking of Sam" }).click();
  await expect(alexCard.getByRole("status")).toHaveText(
    `Sam will see "Alex is thinking of you". You can send ${NUDGE_DAILY_LIMIT - 1} more today.`,
  );
  await expect(alexCard.getByLabel("A short line (optional)")).toHaveValue("");
  await alexCard.getByRole("button", { name: "Thinking of Sam" }).click();
  await expect(alexCard.getByRole("status")).toContainText(`You can send ${NUDGE_DAILY_LIMIT - 2} more today.`);
  await lookAt(alex, "thinking-of-you-alex");

  await sam.reload();
  await expect(samCard).toContainText("Alex thought of you 2 times today");
  await samCard.scrollIntoViewIfNeeded();
  await lookAt(sam, "thinking-of-you-sam");
  await sam.setViewportSize(PHONE);
  await keepScreenshot(samCard, `thinking-of-you-card-360`);
});

test("a line typed while the dashboard's other cards still load is kept when they arrive", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  // The day's quote comes slowly, past the router's pending time, on the dashboard's first read.
  let releaseQuote = () => {};
  const quoteHeld = new Promise<void>((resolve) => {
    releaseQuote = resolve;
  });
  await page.route("**/api/quoteOfTheDay", async (route) => {
    await quoteHeld;
    await route.continue();
  });
  await page.goto("/signin");
  await fillSignIn(page, "alex", "alex-demo-pass");
  const field = page.getByRole("region", { name: "Thinking of you" }).getByLabel("A short line (optional)");
  // Typed key by key, as a partner does, while the quote is still on its way.
  await field.pressSequentially("Missing your laugh", { delay: 30 });
  await expect(page.getByRole("region", { name: "Daily Quote" })).toContainText("Loading...");
  releaseQuote();
  await expect(page.getByRole("region", { name: "Daily Quote" })).not.toContainText("Loading...");
  await expect(field).toHaveValue("Missing your laugh");
  await context.close();
});
