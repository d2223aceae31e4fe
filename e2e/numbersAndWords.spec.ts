import { expect } from "@playwright/test";
import { favourCard, listFavour, signedIn } from "./app";
import { test } from "./test";

// Issue 31's defects found on a phone (#1, #3, #5, #7, #10), each in the browser, typed key by key.

test("Log Workout keeps the decimal point typed: 45.5 minutes is refused by name, never logged as 455, and the message goes as the field is fixed", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  await alex.getByRole("button", { name: "Log Workout" }).click();
  const workout = alex.getByRole("dialog", { name: "Log Workout" });
  await workout.getByRole("textbox", { name: /Workout name/ }).pressSequentially("Evening run");
  const duration = workout.getByRole("textbox", { name: /Duration/ });
  await duration.pressSequentially("45.5");
  await workout.getByRole("textbox", { name: "Distance", exact: true }).pressSequentially("7.25");
  await workout.getByRole("textbox", { name: /Calories/ }).pressSequentially("420");
  await workout.getByRole("button", { name: "Submit" }).click();
  const refusal = workout.getByText("Duration must be a whole number of minutes from 1 to 1440.");
  await expect(refusal).toBeVisible();
  await expect(duration).toHaveValue("45.5");
  await expect(alex.getByText("Workout logged successfully!")).toHaveCount(0);

  // Fixed key by key: the message goes at once, before the next Submit.
  await duration.click();
  await alex.keyboard.press("End");
  await alex.keyboard.press("Backspace");
  await alex.keyboard.press("Backspace");
  await expect(duration).toHaveValue("45");
  await expect(refusal).toHaveCount(0);
  await workout.getByRole("button", { name: "Submit" }).click();
  await expect(alex.getByText("Workout logged successfully!")).toBeVisible();
  await expect(workout).toBeHidden();
});

test("the Shop shows the partner's favours before your own, and a price of one reads '1 Spank'", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  await alex.goto("/spank-bank?tab=manage");
  await listFavour(alex, { name: "A single kiss", description: "On the forehead, as you leave.", price: 1 });
  await expect(favourCard(alex, "A single kiss")).toContainText(/1 Spank(?!s)/);

  await alex.goto("/spank-bank");
  await expect(favourCard(alex, "A single kiss")).toBeVisible();
  const sellers = await alex
    .locator(".mantine-Card-root")
    .getByText(/^Posted by /)
    .allTextContents();
  // Sam's first, then alex's own (the newest listed one among them).
  expect(sellers[0]).toBe("Posted by Sam");
  expect(sellers).toContain("Posted by Alex");
  expect(sellers.slice(sellers.indexOf("Posted by Alex"))).not.toContain("Posted by Sam");
});

test("a letter for a date gone by is refused in words, naming no field path", async ({ browser }) => {
  const alex = await signedIn(browser, "alex");
  await alex.goto("/letters");
  await alex.getByLabel("Your letter to Sam").fill("Too late for this one.");
  await alex.getByRole("textbox", { name: "Date", exact: true }).fill("2020-01-01");
  await alex.getByRole("button", { name: "Seal letter" }).click();
  await expect(
    alex.getByText(/^Your letter was not sealed: 2020-01-01 at .* has already passed on Sam's clock/),
  ).toBeVisible();
  await expect(alex.locator("body")).not.toContainText("opening.date");
});
