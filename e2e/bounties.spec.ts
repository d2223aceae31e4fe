import { expect as baseExpect, type Page } from "@playwright/test";
import { lookAt, signedIn, spankTotal } from "./app";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const TASK = "Send me a voice note of our song";
const card = (page: Page) => page.getByRole("listitem").filter({ has: page.getByText(TASK, { exact: true }) });
const openBounties = async (page: Page) => {
  await page.goto("/spank-bank?tab=bounties");
  await expect(page.getByRole("tab", { name: "Bounties", selected: true })).toBeVisible();
};

test("alex posts a bounty (held at once); sam does it, is sent back once, does it again; alex approves and sam is paid", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  const sam = await signedIn(browser, "sam");
  await openBounties(alex);
  const alexBefore = await spankTotal(alex);
  await alex.getByLabel("Task").fill(TASK);
  // Typed key by key as on a phone: a decimal point is refused by name, never dropped (20.5 was 205).
  const reward = alex.getByLabel("Reward (spanks)");
  await reward.clear();
  await reward.pressSequentially("20.5");
  await alex.getByRole("button", { name: "Post bounty" }).click();
  await expect(alex.getByText("Reward must be a whole number of spanks from 1 to 9999.")).toBeVisible();
  await expect(card(alex)).toHaveCount(0);
  await expect(alex.getByText(`You have ${alexBefore} spanks`)).toBeVisible();
  await expect(reward).toBeFocused();
  await reward.press("Backspace");
  await reward.press("Backspace");
  await expect(reward).toHaveValue("20");
  await expect(alex.getByText("Reward must be a whole number of spanks from 1 to 9999.")).toHaveCount(0);
  await alex.getByRole("button", { name: "Post bounty" }).click();
  await expect(card(alex)).toContainText("20 spanks from you");
  await expect(alex.getByText(`You have ${alexBefore - 20} spanks`)).toBeVisible();

  await openBounties(sam);
  const samBefore = await spankTotal(sam);
  await expect(card(sam)).toContainText("20 spanks from Alex");
  await card(sam).getByLabel("How it went").fill("Recorded it in the car");
  await card(sam).getByRole("button", { name: "Mark done" }).click();
  await expect(card(sam)).toContainText("Done, with Alex");
  await lookAt(sam, "bounties-sam-done");

  await alex.reload();
  await expect(card(alex)).toContainText("“Recorded it in the car”");
  await card(alex).getByLabel("Why it's not done yet").fill("Sing the chorus too");
  await card(alex).getByRole("button", { name: "Send back" }).click();
  await expect(card(alex)).toContainText("Sent back: Sing the chorus too");

  await sam.reload();
  await expect(card(sam)).toContainText("Sent back: Sing the chorus too");
  await card(sam).getByLabel("How it went").fill("With the chorus this time");
  await card(sam).getByRole("button", { name: "Mark done" }).click();
  await expect(card(sam)).toContainText("Done, with Alex");

  await alex.reload();
  await expect(card(alex)).toContainText("Done, to approve");
  await lookAt(alex, "bounties-alex-to-approve");
  await card(alex).getByRole("button", { name: "Approve and pay 20 spanks" }).click();
  await expect(card(alex)).toContainText("Paid");
  await expect(card(alex)).toContainText("paid to Sam");

  await sam.reload();
  await expect(card(sam)).toContainText("paid to you");
  await expect(sam.getByText(`You have ${samBefore + 20} spanks`)).toBeVisible();
  await lookAt(sam, "bounties-sam-paid");
});
