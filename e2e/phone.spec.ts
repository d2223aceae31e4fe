import { expect } from "@playwright/test";
import { fillSignIn, focusedControl as focused, signedIn } from "./app";
import { test } from "./test";

// Issue 31, found on a phone: two sign-ins at production scrypt cost.
test.describe.configure({ timeout: 90_000 });

test("focus returns to the control that makes sense after a failed sign-in, a redeem and a sealed letter; Your day is a button", async ({
  browser,
}) => {
  const signin = await browser.newPage();
  await signin.goto("/signin");
  await fillSignIn(signin, "alex", "not-the-password");
  await expect(signin.getByText("Invalid username or password")).toBeVisible();
  await expect(signin.getByLabel("Password", { exact: true })).toBeFocused();
  await signin.close();

  const alex = await signedIn(browser, "alex");
  // "Your day" is drawn as a button: its outline shows against its card.
  await alex.setViewportSize({ width: 390, height: 844 });
  const yourDay = alex.getByRole("button", { name: "Your day" });
  await expect(yourDay).toBeVisible();
  const outline = await yourDay.evaluate((button) => getComputedStyle(button).borderTopColor);
  expect(outline, "the Your day button's outline").not.toBe("rgba(0, 0, 0, 0)");
  await alex.screenshot({ path: "e2e/.artifacts/phone-your-day-390.png" });
  await alex.goto("/spank-bank");
  const playlist = alex
    .locator(".mantine-Card-root")
    .filter({ has: alex.getByRole("heading", { name: "Playlist made for you", exact: true }) });
  await playlist.getByRole("button", { name: "Buy Now" }).click();
  await expect(alex.getByText('You bought "Playlist made for you" for 20 spanks.')).toBeVisible();
  await alex.goto("/inventory");
  await alex.getByRole("button", { name: "Redeem Playlist made for you" }).click();
  await expect(alex.getByText('Redeemed "Playlist made for you"', { exact: false })).toBeVisible();
  // The redeemed one is gone: another item's Redeem, or the Inventory tab.
  await expect.poll(() => focused(alex)).toMatch(/^button Redeem |^button Inventory$/);

  await alex.goto("/letters");
  const letter = alex.getByLabel("Your letter to Sam");
  await letter.fill("For a grey morning.");
  await alex.getByText("Open when...", { exact: true }).click();
  await alex.getByRole("button", { name: "Seal letter" }).click();
  await expect(alex.getByText("Your letter to Sam is sealed.")).toBeVisible();
  await expect(letter).toBeFocused();
});
