import { expect as baseExpect, type Page } from "@playwright/test";
import { settleFavourDeadlines } from "@spankbank/db/favourDeadlines";
import { createProduct } from "@spankbank/db/products";
import { purchaseProduct } from "@spankbank/db/purchase";
import { lookAt, signedIn } from "./app";
import { inServerDatabase } from "./database";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(180_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const FAVOUR = "Sunrise call";
const TOLD_SAM = `"${FAVOUR}" expired unused: your 15 spanks came back to you.`;
const TOLD_ALEX = `"${FAVOUR}" expired unused by Sam: the 15 spanks went back to Sam.`;

/** The page has shown what it loaded and the toasts have had their chance to appear. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
}

test("a favour that expired unused is told to both partners once, by a toast, and stays as a line in Redeemed and under what is owed", async ({
  browser,
}) => {
  // Sam bought Alex's favour to use within a day; its day passed and the deadline check (the
  // server's quarter-hourly schedule, run here at once) expired it and refunded Sam.
  inServerDatabase((db) => {
    const id = (username: string) =>
      (db.$client.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number }).id;
    const product = createProduct(db, id("alex"), {
      name: FAVOUR,
      description: "Your morning, my evening, one call.",
      quantity: 1,
      price: 15,
      useWithinDays: 1,
    });
    const bought = purchaseProduct(db, { buyerId: id("sam"), productId: product.id });
    db.$client
      .prepare("UPDATE purchases SET use_by = ? WHERE inventory_item_id = ?")
      .run(new Date(Date.now() - 60_000).toISOString(), bought.inventoryItemId);
    expect(settleFavourDeadlines(db, []).expired).toBe(1);
  });

  // Sam's next visit: the toast, then the line in Redeemed.
  const sam = await signedIn(browser, "sam");
  await expect(sam.getByText(TOLD_SAM)).toBeVisible();
  await sam.goto("/inventory?tab=redeemed");
  const samsLines = sam.getByRole("region", { name: "Expired unused" });
  await expect(samsLines.getByText(TOLD_SAM)).toBeVisible();
  await expect(samsLines.locator("time")).toHaveCount(1);
  await settled(sam);
  await lookAt(sam, "expired-redeemed", "Redeemed with an expired favour");
  // Told once: the next visit has the line and no toast.
  await sam.reload();
  await expect(samsLines.getByText(TOLD_SAM)).toBeVisible();
  await settled(sam);
  await expect(sam.getByRole("alert").filter({ hasText: TOLD_SAM })).toHaveCount(0);
  await expect(sam.getByText(TOLD_SAM)).toHaveCount(1);

  // Alex is told too, in Alex's words, once; the line sits under what is owed.
  const alex = await signedIn(browser, "alex");
  await expect(alex.getByText(TOLD_ALEX)).toBeVisible();
  await alex.goto("/spank-bank?tab=manage");
  const alexsLines = alex.getByRole("region", { name: "Expired unused" });
  await expect(alexsLines.getByText(TOLD_ALEX)).toBeVisible();
  await settled(alex);
  await lookAt(alex, "expired-owed", "Manage Products with an expired favour");
  await alex.reload();
  await expect(alexsLines.getByText(TOLD_ALEX)).toBeVisible();
  await settled(alex);
  await expect(alex.getByText(TOLD_ALEX)).toHaveCount(1);
});
