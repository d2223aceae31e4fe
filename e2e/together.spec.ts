import { expect as baseExpect } from "@playwright/test";
import { focusedControl, lookAt, signedIn } from "./app";
import { expectNoAxeViolations, inTheDark } from "./axe";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const FAVOUR = { name: "Slow dance in the kitchen", description: "One song, no phones, your hand in mine." };

/** Today's date (YYYY-MM-DD) on a partner's calendar, and a day `days` after a date. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const between = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

test("alex plans a visit; sam sees the countdown on their own calendar and the in-person favour waiting", async ({
  browser,
}) => {
  const sam = await signedIn(browser, "sam");
  const alex = await signedIn(browser, "alex");

  // Sam lists a favour to be done in person; alex buys it.
  await sam.goto("/spank-bank?tab=manage");
  await sam.getByRole("button", { name: "Add New Product" }).click();
  const modal = sam.getByRole("dialog", { name: "Add New Product" });
  await modal.getByLabel("Name").fill(FAVOUR.name);
  await modal.getByLabel("Description").fill(FAVOUR.description);
  await modal.getByLabel("Price (Spanks)").fill("5");
  await modal.getByRole("checkbox", { name: /In person/ }).check();
  await lookAt(sam, "together-product-modal");
  await modal.getByRole("button", { name: "Add Product" }).click();
  await expect(sam.getByText("Product added successfully!")).toBeVisible();
  await alex.goto("/spank-bank");
  const card = alex
    .locator(".mantine-Card-root")
    .filter({ has: alex.getByRole("heading", { name: FAVOUR.name, exact: true }) });
  await card.getByRole("button", { name: "Buy Now" }).click();
  await expect(card).toContainText("Quantity available: 0");

  // Alex plans the next visit from the drawer's page.
  await alex.goto("/together");
  await expect(alex.getByRole("heading", { level: 1 })).toHaveText("Until we're together");
  const start = plusDays(todayIn("Asia/Kolkata"), 40);
  const end = plusDays(start, 9);
  // The demo has a visit planned already (one ahead at a time): alex cancels it first, after asking.
  await expect(alex.getByRole("button", { name: /^(Plan our next visit|Change dates)$/ })).toBeVisible();
  if (await alex.getByRole("button", { name: "Cancel visit" }).isVisible()) {
    await alex.getByRole("button", { name: "Cancel visit" }).click();
    const confirm = alex.getByRole("dialog", { name: "Remove this visit?" });
    await expectNoAxeViolations(alex, "the cancel modal");
    await inTheDark(alex, () => expectNoAxeViolations(alex, "the cancel modal in the dark"));
    await confirm.getByRole("button", { name: "Yes, remove" }).click();
    await expect(confirm).toBeHidden();
  }
  await alex.getByRole("button", { name: "Plan our next visit" }).click();
  const form = alex.getByRole("dialog", { name: "Plan our next visit" });
  await form.getByLabel("First day together").fill(start);
  await form.getByLabel("Last day together").fill(end);
  await form.getByLabel("Where").fill("Lisbon");
  await form.getByLabel("Note").fill("Pastéis de nata at the river, every morning.");
  await lookAt(alex, "together-plan-modal");
  await form.getByRole("button", { name: "Save visit" }).click();
  await expect(alex.getByTestId("days-until")).toHaveText(String(between(todayIn("Asia/Kolkata"), start)));
  await expect.poll(() => focusedControl(alex)).toBe("button Change dates");

  // Sam sees it counted on Florida's calendar, and the favour waiting for it.
  await sam.goto("/together");
  await expect(sam.getByTestId("days-until")).toHaveText(String(between(todayIn("America/New_York"), start)));
  await expect(sam.getByText("days until we're together")).toBeVisible();
  await expect(sam.getByText(/· Lisbon$/)).toBeVisible();
  const waiting = sam.locator("section").filter({ has: sam.getByRole("heading", { name: "Waiting for the visit" }) });
  await expect(waiting.getByRole("heading", { name: FAVOUR.name })).toBeVisible();
  await expect(waiting).toContainText("For Alex, from Sam");
  await lookAt(sam, "together");

  // Sam logs a past visit; it shows in the log.
  await sam.getByRole("button", { name: "Add a past visit" }).click();
  const past = sam.getByRole("dialog", { name: "Add a past visit" });
  const pastStart = plusDays(todayIn("America/New_York"), -200);
  await past.getByLabel("First day together").fill(pastStart);
  await past.getByLabel("Last day together").fill(plusDays(pastStart, 4));
  await past.getByRole("button", { name: "Save visit" }).click();
  await expect(past).toBeHidden();
  const log = sam.locator("section").filter({ has: sam.getByRole("heading", { name: "Our visits" }) });
  await expect(log.locator(".mantine-Card-root")).not.toHaveCount(0);
});
