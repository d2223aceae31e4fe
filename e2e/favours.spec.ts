import { expect as baseExpect } from "@playwright/test";
import { favourCard, focusedControl, lookAt, pillLayout, signedIn, spankTotal } from "./app";
import { test } from "./test";

// Favours at a distance (issue 22, point 5), with both partners in their own browsers.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (scrypt at production cost) on a busy shared machine: nothing here is timed.
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
  await expect(declined).toContainText("Alex declined: your spanks came back");
  await expect(declined).toContainText(`Why: “${REASON}”`);
  await expect(declined.getByRole("button", { name: /Confirm Redeem/ })).toHaveCount(0);
  await lookAt(sam, "favours-declined", "Sam's declined favour");
  // On a phone the pill keeps to one line.
  await sam.setViewportSize({ width: 390, height: 844 });
  const pill = declined.getByText("Alex declined: your spanks came back");
  expect(await pillLayout(pill), "the declined pill at 390 px").toEqual({ lines: 1, clipped: false });
  await sam.screenshot({ path: "e2e/.artifacts/favours-declined-390.png", fullPage: true });
});
