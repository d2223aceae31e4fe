import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { userByUsername } from "@spankbank/db/couple";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory } from "@spankbank/db/memories";
import { keepScreenshot, PHONE, signedIn } from "./app";
import { expectNoAxeViolations } from "./axe";
import { inServerDatabase } from "./database";
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

test("on a phone, the menu says how large Download our data is once it is gigabytes, before it starts", async ({
  browser,
}) => {
  // Years of photos, as the bot records them: the estimate reads each one's size from its row.
  const memoryId = inServerDatabase((db) => {
    mkdirSync(mediaFolder(db), { recursive: true });
    writeFileSync(join(mediaFolder(db), "years-of-us.jpg"), "jpeg");
    const images = [{ fileName: "years-of-us.jpg", contentType: "image/jpeg", size: 3_400_000_000 }];
    const sam = userByUsername(db, "sam")!.id;
    return addMemory(db, { userId: sam, message: "Ten years", createdAt: new Date(2020, 0, 1), images }).id;
  });
  try {
    const alex = await signedIn(browser, "alex", { viewport: PHONE, hasTouch: true, isMobile: true });
    await alex.getByRole("button", { name: "Open menu" }).click();
    const menu = alex.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByText("About 3.4 GB: on a phone, best over Wi-Fi.", { exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Download our data" })).toHaveAccessibleDescription(
      /^About 3\.4 GB: on a phone, best over Wi-Fi\. Letters your partner sealed for you/,
    );
    await expectNoAxeViolations(alex, "the menu saying the download's size");
    await keepScreenshot(alex, "phone-menu-download-size");
  } finally {
    inServerDatabase((db) =>
      db.$client.transaction(() => {
        db.$client.prepare("DELETE FROM memory_images WHERE memory_id = ?").run(memoryId);
        db.$client.prepare("DELETE FROM memories WHERE id = ?").run(memoryId);
      })(),
    );
  }
});
