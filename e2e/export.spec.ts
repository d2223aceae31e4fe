import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { signedIn } from "./app";
import { test } from "./test";

test("Download our data is the browser's own download of the zip, its length known from the first byte, and says what it leaves out", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  await alex.getByRole("button", { name: "Open menu" }).click();
  const menu = alex.getByRole("dialog", { name: "Menu" });
  await expect(
    menu.getByText(
      "Letters your partner sealed for you, and their answers and guesses you cannot see yet, are not in your download; the operator's npm run export has everything.",
    ),
  ).toBeVisible();

  const downloading = alex.waitForEvent("download");
  await menu.getByRole("link", { name: "Download our data" }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toMatch(/^spankbank-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync(await download.path());
  // The length the browser shows progress against (the same answer, asked again with alex's cookie) is the zip's.
  const response = await alex.context().request.get("/api/export");
  expect(response.headers()["content-length"]).toBe(String(bytes.length));
  expect(bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
  expect(bytes.includes("spankbank-export.json")).toBe(true);
});
