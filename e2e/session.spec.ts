import { expect } from "@playwright/test";
import { ALEX, fillSignIn, headingForAlex, menuForAlex, openMenu, signInAsAlex } from "./app";
import { test } from "./test";

test("alex signs in, follows every menu entry and logs out to /", async ({ page }) => {
  await signInAsAlex(page);
  expect(await page.evaluate(() => localStorage.getItem("username"))).toBe("alex");

  for (const [label, path] of menuForAlex) {
    const drawer = await openMenu(page);
    await drawer.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headingForAlex[path]!);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  }

  const drawer = await openMenu(page);
  await drawer.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Made for the two of us");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("username"))).toBeNull();

  // The server forgot the session: the dashboard is closed again.
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/signin?redirect=%2Fdashboard");
});

test("a signed-out hard load of /inventory signs in first, then returns to /inventory", async ({ page }) => {
  await page.goto("/inventory");
  await expect(page).toHaveURL("/signin?redirect=%2Finventory");

  await fillSignIn(page, ALEX.username, ALEX.password);

  await expect(page).toHaveURL("/inventory");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Inventory");
});

test("a wrong password shows 'Invalid username or password' and the tries left", async ({ page }) => {
  await page.goto("/signin");
  await fillSignIn(page, ALEX.username, "not-the-password");

  const alert = page.getByRole("alert");
  await expect(alert.getByText("Invalid username or password", { exact: true })).toBeVisible();
  await expect(alert).toContainText(/\d tries? left before sign-in pauses for 15 minutes\./);
  await expect(page).toHaveURL("/signin");
});

test("the session survives a reload: the cookie is the truth", async ({ page }) => {
  await signInAsAlex(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByText("Welcome, Alex!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Alex");
});
