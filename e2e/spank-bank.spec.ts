import { expect as baseExpect } from "@playwright/test";
import { favourCard, lookAt, pillLayout, signedIn, spankTotal } from "./app";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const FAVOUR = { name: "Sunset picnic", description: "Strawberries, a blanket and the best view in town.", price: 40 };

test("sam lists a favour, alex buys, redeems and confirms it, and the spanks move at every step", async ({
  browser,
}) => {
  const sam = await signedIn(browser, "sam");
  const alex = await signedIn(browser, "alex");

  // Sam lists a favour.
  await sam.goto("/spank-bank?tab=manage");
  await expect(sam.getByRole("heading", { level: 1 })).toHaveText("Alex's Spank Bank");
  await expect(sam.getByRole("heading", { name: "Manage Your Products" })).toBeVisible();
  await sam.getByRole("button", { name: "Add New Product" }).click();
  const modal = sam.getByRole("dialog", { name: "Add New Product" });
  await modal.getByLabel("Name").fill(FAVOUR.name);
  await modal.getByLabel("Description").fill(FAVOUR.description);
  await modal.getByRole("button", { name: "Increase quantity" }).click();
  await modal.getByLabel("Price (Spanks)").fill(String(FAVOUR.price));
  await expect(modal.getByText(`${FAVOUR.name.length}/60`)).toBeVisible();
  await lookAt(sam, "spank-bank-modal");
  await modal.getByRole("button", { name: "Add Product" }).click();
  await expect(sam.getByText("Product added successfully!")).toBeVisible();
  await expect(favourCard(sam, FAVOUR.name)).toContainText("Quantity available: 2");
  await lookAt(sam, "spank-bank-manage");

  // Alex sees it in the Shop and buys it: the total drops by its price.
  await alex.goto("/spank-bank");
  await expect(alex.getByRole("heading", { level: 1 })).toHaveText("Sam's Spank Bank");
  const alexBefore = await spankTotal(alex);
  const card = favourCard(alex, FAVOUR.name);
  await expect(card).toContainText(FAVOUR.description);
  await expect(card).toContainText(`${FAVOUR.price} Spanks`);
  await expect(card).toContainText("Posted by Sam");
  await lookAt(alex, "spank-bank-shop");
  await card.getByRole("button", { name: "Buy Now" }).click();
  await expect(alex.getByText(`You have ${alexBefore - FAVOUR.price} spanks`)).toBeVisible();
  await expect(card).toContainText("Quantity available: 1");

  // Alex redeems it.
  await alex.goto("/inventory");
  await expect(alex.getByRole("heading", { level: 1 })).toHaveText("Your Inventory");
  const owned = favourCard(alex, FAVOUR.name);
  await expect(owned).toContainText(`Price paid: ${FAVOUR.price} Spanks`);
  await lookAt(alex, "inventory");
  await owned.getByRole("button", { name: `Redeem ${FAVOUR.name}` }).click();
  await expect(owned).toBeHidden();
  await alex.getByRole("tab", { name: "Redeemed" }).click();
  const redeemed = favourCard(alex, FAVOUR.name);
  await expect(redeemed).toContainText("Seller: Sam");

  // Sam sees it under the favours owed.
  await sam.reload();
  const owed = sam.locator(".mantine-Paper-root").filter({ hasText: "Alex is waiting for:" });
  await expect(owed).toContainText(FAVOUR.name);
  await expect(owed).toContainText(`${FAVOUR.price} Spanks`);
  await lookAt(sam, "spank-bank-owed");
  const samBefore = await spankTotal(sam);

  // Alex confirms it: Sam is paid the price.
  await redeemed.getByRole("button", { name: `Confirm Redeem ${FAVOUR.name}` }).click();
  await expect(alex.getByText("Redemption confirmed successfully.")).toBeVisible();
  await expect(redeemed).toContainText("Confirmed");
  // On a phone the pill keeps to one line, whole (when it was confirmed is a line of the card).
  await alex.setViewportSize({ width: 390, height: 844 });
  expect(await pillLayout(redeemed.getByText("Confirmed", { exact: true })), "the Confirmed pill at 390 px").toEqual({
    lines: 1,
    clipped: false,
  });
  await lookAt(alex, "inventory-redeemed");
  await sam.reload();
  // A reload paints the total this device kept, then reads it again: the new one comes after.
  await expect.poll(() => spankTotal(sam)).toBe(samBefore + FAVOUR.price);
  await expect(sam.locator('[aria-labelledby="owed-heading"]')).not.toContainText(FAVOUR.name);

  // Alex's history shows the purchase.
  await alex.goto("/spank-bank");
  await alex.getByRole("button", { name: /^You have [\d,]+ spanks/ }).click();
  const history = alex.getByRole("dialog", { name: "Your spank history" });
  await expect(history.getByRole("listitem").filter({ hasText: `Bought "${FAVOUR.name}"` })).toContainText(
    `−${FAVOUR.price}`,
  );
  await lookAt(alex, "spank-bank-history");

  await sam.context().close();
  await alex.context().close();
});

test("the charity page shows its total, pictures and testimonial, and Donate Now opens the Notice", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  await alex.goto("/floggers4change");
  await expect(alex.getByRole("heading", { level: 1 })).toHaveText("Floggers4Change");
  await expect(alex.getByText("Loading total spanks donated...")).toBeHidden();
  await expect(alex.getByRole("img", { name: "Two open hands lifting up a red heart" })).toBeVisible();
  await lookAt(alex, "charity");
  await alex.getByRole("button", { name: "Donate Now" }).click();
  const notice = alex.getByRole("dialog", { name: "Notice" });
  await expect(notice).toContainText("We are still working on this.");
  await lookAt(alex, "charity-notice");
  await notice.getByRole("button", { name: "Close", exact: true }).click();
  await expect(notice).toBeHidden();
  await alex.context().close();
});
