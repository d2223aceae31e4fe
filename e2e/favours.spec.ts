import { expect as baseExpect } from "@playwright/test";
import {
  favourCard,
  focusedControl,
  keepScreenshot,
  listFavour,
  lookAt,
  pillLayout,
  signedIn,
  spankTotal,
} from "./app";
import { inServerDatabase } from "./database";
import { test } from "./test";

// Favours at a distance (issue 22, point 5), with both partners in their own browsers.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

// A name of its own: the database is shared with the other specs its worker runs.
const FAVOUR = { name: "Sunrise video call", description: "Your morning, my evening: coffee together.", price: 35 };
const NOTE = "Before my first meeting? I'll have the coffee ready.";
const REASON = "I'm on nights that week, can we pick another day?";

/** 07:30 two days from now on a clock in `timeZone`, as a datetime-local value and as an instant. */
function twoDaysAhead(timeZone: string): { typed: string; at: Date } {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + 2 * 86_400_000),
  );
  const guess = new Date(`${day}T07:30:00Z`);
  // The zone's offset at that moment (DST included), read back through Intl.
  const wall = new Date(guess.toLocaleString("en-US", { timeZone }));
  const utc = new Date(guess.toLocaleString("en-US", { timeZone: "UTC" }));
  return { typed: `${day}T07:30`, at: new Date(guess.getTime() - (wall.getTime() - utc.getTime())) };
}

const shownIn = (at: Date, timeZone: string) =>
  at.toLocaleString("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

test("alex lists a favour to use within 7 days; sam redeems it with a note and a time; alex declines it and sam's spanks come back", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  const sam = await signedIn(browser, "sam");

  // Alex lists it with "use within 7 days".
  await alex.goto("/spank-bank?tab=manage");
  await alex.getByRole("button", { name: "Add New Product" }).click();
  const form = alex.getByRole("dialog", { name: "Add New Product" });
  await form.getByLabel("Name").fill(FAVOUR.name);
  await form.getByLabel("Description").fill(FAVOUR.description);
  await form.getByLabel("Price (Spanks)").fill(String(FAVOUR.price));
  await form.getByLabel("Use within (days)").fill("7");
  await lookAt(alex, "favours-product-form", "the product form with use within");
  await form.getByRole("button", { name: "Add Product" }).click();
  await expect(alex.getByText("Product added successfully!")).toBeVisible();

  // Sam buys it: its inventory card says until when to use it.
  await sam.goto("/spank-bank");
  const before = await spankTotal(sam);
  await favourCard(sam, FAVOUR.name).getByRole("button", { name: "Buy Now" }).click();
  await expect(sam.getByText(`You have ${before - FAVOUR.price} spanks`)).toBeVisible();
  await sam.goto("/inventory");
  const owned = favourCard(sam, FAVOUR.name);
  await expect(owned).toContainText(/Use by \w{3}, \w{3} \d{1,2}/);

  // Sam redeems it with a note and a wished time, typed on Sam's clock in Florida.
  const wished = twoDaysAhead("America/New_York");
  await owned.getByRole("button", { name: `Add a note or a time for ${FAVOUR.name}` }).click();
  const redeem = sam.getByRole("dialog", { name: `Redeem "${FAVOUR.name}"` });
  await redeem.getByLabel("A note (optional)").fill(NOTE);
  await redeem.getByLabel(/When would you like it\?/).fill(wished.typed);
  await lookAt(sam, "favours-redeem-modal", "the redeem-with-a-note modal");
  await redeem.getByRole("button", { name: "Redeem" }).click();
  await expect(redeem).toBeHidden();
  // Focus comes back to the list (another item's Redeem, or the tab), never dropped to the page.
  await expect.poll(() => focusedControl(sam)).toMatch(/^button (Redeem |Inventory$)/);
  await sam.getByRole("tab", { name: "Redeemed" }).click();
  const redeemed = favourCard(sam, FAVOUR.name);
  await expect(redeemed).toContainText(`Wished for ${shownIn(wished.at, "America/New_York")}`);
  await expect(redeemed).toContainText(`Your note: “${NOTE}”`);

  // Alex sees the note and the time on Alex's own clock in India, and declines with a reason.
  await alex.goto("/spank-bank?tab=manage");
  const waiting = alex.getByRole("listitem").filter({ hasText: FAVOUR.name });
  await expect(waiting).toContainText(`Wished for ${shownIn(wished.at, "Asia/Kolkata")} your time`);
  await expect(waiting).toContainText(`“${NOTE}”`);
  await lookAt(alex, "favours-owed", "the favours Alex owes");
  await waiting.getByRole("button", { name: `Decline ${FAVOUR.name}` }).click();
  const decline = alex.getByRole("dialog", { name: `Decline "${FAVOUR.name}"?` });
  await expect(decline).toContainText(`Sam gets the ${FAVOUR.price} spanks back, and reads your reason.`);
  await decline.getByLabel("Reason").fill(REASON);
  await lookAt(alex, "favours-decline-modal", "the decline modal");
  await decline.getByRole("button", { name: "Decline and refund" }).click();
  await expect(
    alex.getByText(`You declined "${FAVOUR.name}": ${FAVOUR.price} spanks went back to your partner.`),
  ).toBeVisible();
  await expect(alex.getByRole("listitem").filter({ hasText: FAVOUR.name })).toHaveCount(0);
  await expect.poll(() => focusedControl(alex)).toMatch(/^button (Decline |Manage Products$)/);

  // Sam's spanks are back, and the reason shows on the redeemed favour, which cannot be confirmed.
  await sam.goto("/spank-bank");
  await expect(sam.getByText(`You have ${before} spanks`)).toBeVisible();
  await sam.goto("/inventory?tab=redeemed");
  const declined = favourCard(sam, FAVOUR.name);
  await expect(declined).toContainText("Alex declined");
  await expect(declined).toContainText(`Your ${FAVOUR.price} spanks came back.`);
  await expect(declined).toContainText(`Why: “${REASON}”`);
  await expect(declined.getByRole("button", { name: /Confirm Redeem/ })).toHaveCount(0);
  await lookAt(sam, "favours-declined", "Sam's declined favour");
  // On a phone the pill keeps to one line, whole, at the narrowest width too.
  const pill = declined.getByText("Alex declined", { exact: true });
  for (const width of [390, 360]) {
    await sam.setViewportSize({ width, height: 844 });
    expect(await pillLayout(pill), `the declined pill at ${width} px`).toEqual({ lines: 1, clipped: false });
    await keepScreenshot(sam, `favours-declined-${width}`, { fullPage: true });
  }
});

// The partners' configured clocks (shared/src/demoCouple.ts), and a browser's far from both: UTC+14
// is 8.5 hours from alex's and 19 from sam's, so a time in the browser's zone shows another hour and
// minute, or another day.
const ALEX_ZONE = "Asia/Kolkata";
const SAM_ZONE = "America/New_York";
const BROWSER_ZONE = "Pacific/Kiritimati";
const FAR_FAVOUR = { name: "A call across the dateline", description: "Your night, my morning.", price: 15 };

/** When the server says the favour was redeemed and confirmed (null until it is). */
const storedTimes = (name: string) =>
  inServerDatabase(
    (db) =>
      db.$client.prepare("SELECT redeemed_at, confirmed_at FROM redemptions WHERE name = ?").get(name) as {
        redeemed_at: string;
        confirmed_at: string | null;
      },
  );

test("in a browser on another clock, every time on a favour card is on the signed-in partner's own clock and says 'your time': Redeemed, Wished for and Confirmed for the buyer, Redeemed and Wished for on the seller's owed list (issue 31 #11)", async ({
  browser,
}) => {
  const sam = await signedIn(browser, "sam", { timezoneId: BROWSER_ZONE });
  const alex = await signedIn(browser, "alex", { timezoneId: BROWSER_ZONE });
  expect(await alex.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);

  // Sam lists a favour; alex buys it.
  await sam.goto("/spank-bank?tab=manage");
  await listFavour(sam, FAR_FAVOUR);
  await alex.goto("/spank-bank");
  const before = await spankTotal(alex);
  await favourCard(alex, FAR_FAVOUR.name).getByRole("button", { name: "Buy Now" }).click();
  await expect(alex.getByText(`You have ${before - FAR_FAVOUR.price} spanks`)).toBeVisible();

  // Alex redeems it for 07:30 two days ahead, typed on alex's clock in India.
  const wished = twoDaysAhead(ALEX_ZONE);
  await alex.goto("/inventory");
  await favourCard(alex, FAR_FAVOUR.name)
    .getByRole("button", { name: `Add a note or a time for ${FAR_FAVOUR.name}` })
    .click();
  const redeem = alex.getByRole("dialog", { name: `Redeem "${FAR_FAVOUR.name}"` });
  await redeem.getByLabel(/When would you like it\?/).fill(wished.typed);
  await redeem.getByRole("button", { name: "Redeem" }).click();
  await expect(redeem).toBeHidden();
  await alex.getByRole("tab", { name: "Redeemed" }).click();
  const card = favourCard(alex, FAR_FAVOUR.name);
  await expect(card).toContainText("Seller: Sam");
  const redeemedAt = new Date(storedTimes(FAR_FAVOUR.name).redeemed_at);

  // On alex's card, both times on alex's clock, said so; neither as the browser's clock has them.
  await expect(card).toContainText(`Redeemed ${shownIn(redeemedAt, ALEX_ZONE)} your time`);
  await expect(card).toContainText(`Wished for ${shownIn(wished.at, ALEX_ZONE)} your time`);
  for (const at of [redeemedAt, wished.at]) await expect(card).not.toContainText(shownIn(at, BROWSER_ZONE));

  // On sam's owed list, the same two moments on sam's clock in Florida.
  await sam.goto("/spank-bank?tab=manage");
  const owed = sam
    .locator('[aria-labelledby="owed-heading"]')
    .getByRole("listitem")
    .filter({ hasText: FAR_FAVOUR.name });
  await expect(owed).toContainText(`Redeemed ${shownIn(redeemedAt, SAM_ZONE)} your time`);
  await expect(owed).toContainText(`Wished for ${shownIn(wished.at, SAM_ZONE)} your time`);
  for (const at of [redeemedAt, wished.at]) await expect(owed).not.toContainText(shownIn(at, BROWSER_ZONE));

  // Alex confirms it: a Confirmed pill takes the button's place, and when follows the same rule.
  await card.getByRole("button", { name: `Confirm Redeem ${FAR_FAVOUR.name}` }).click();
  await expect(alex.getByText("Redemption confirmed successfully.")).toBeVisible();
  const confirmedAt = new Date(storedTimes(FAR_FAVOUR.name).confirmed_at!);
  await expect(card).toContainText(`Confirmed ${shownIn(confirmedAt, ALEX_ZONE)} your time`);
  await expect(card).not.toContainText(shownIn(confirmedAt, BROWSER_ZONE));
  const pill = card.getByText("Confirmed", { exact: true });
  await expect(pill).toBeVisible();
  // On a phone the pill keeps to one line, nothing cut.
  for (const width of [360, 390]) {
    await alex.setViewportSize({ width, height: 800 });
    await pill.scrollIntoViewIfNeeded();
    expect(await pillLayout(pill), `the Confirmed pill at ${width} px`).toEqual({ lines: 1, clipped: false });
    await keepScreenshot(alex, `favours-confirmed-your-time-${width}`);
  }
});
