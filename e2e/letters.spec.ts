import { expect, type Page } from "@playwright/test";
import { fillSignIn, keepScreenshot, openMenu, signedIn } from "./app";
import { expectNoAxeViolations, inTheDark } from "./axe";
import { onClockOf } from "./clock";
import { inServerDatabase } from "./database";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" }, actionTimeout: 30_000 });
// Two partners, a letter sealed until a moment, axe and screenshots.
test.describe.configure({ timeout: 120_000 });

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 740 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
    await keepScreenshot(page, `letters-${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("Alex seals a dated letter and an 'open when sad' one; Sam sees only the moment, opens the sad one, then reads the dated one once its moment comes", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  await alex.getByRole("button", { name: "Open menu" }).click();
  await alex.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Letters for later" }).click();
  await expect(alex).toHaveURL("/letters");
  await expect(alex.getByRole("heading", { level: 1, name: "Letters for later" })).toBeVisible();

  // A letter for two minutes from now on Sam's clock (at least one whole minute ahead).
  const soon = onClockOf("America/New_York", 2);
  await alex.getByLabel("Your letter to Sam").fill("Dear Sam,\n\nThis one was sealed until this very minute.");
  await alex.getByRole("textbox", { name: "Date", exact: true }).fill(soon.date);
  await alex.getByLabel("Time on Sam's clock").fill(soon.time);
  await alex.getByRole("button", { name: "Seal letter" }).click();
  await expect(alex.getByText("Your letter to Sam is sealed.")).toBeVisible();

  await alex.getByLabel("Your letter to Sam").fill("Chin up, love. I am right here.");
  await alex.getByText("Open when...", { exact: true }).click();
  await alex.getByRole("radio", { name: "you're sad" }).check();
  await alex.getByRole("button", { name: "Seal letter" }).click();
  const wrote = alex.getByRole("region", { name: "Letters you wrote to Sam" });
  await expect(wrote.getByText("Open when you're sad")).toBeVisible();
  await expect(wrote.getByText(/^Opens .* Sam's time$/)).toBeVisible();
  await expectNoAxeViolations(alex, "the letters page (writer)", { bestPractices: true });
  await shoot(alex, "writer");
  // Taking one back asks first; "Keep it" keeps it.
  const datedRow = wrote.locator(".mantine-Paper-root").filter({ hasText: "Sealed." });
  await datedRow.getByRole("button", { name: "Take back" }).click();
  const takeBack = alex.getByRole("dialog", { name: "Take this letter back?" });
  await expect(takeBack).toBeVisible();
  await expectNoAxeViolations(alex, "the take-back confirm", { bestPractices: true });
  await inTheDark(alex, () =>
    expectNoAxeViolations(alex, "the take-back confirm in the dark", { bestPractices: true }),
  );
  await takeBack.getByRole("button", { name: "Keep it", exact: true }).click();
  await expect(takeBack).toBeHidden();

  const sam = await signedIn(browser, "sam");
  await sam.goto("/letters");
  const forSam = sam.getByRole("region", { name: "Waiting for you" });
  const dated = forSam.getByRole("article").filter({ hasText: "Sealed" });
  await expect(dated.getByText(/^Opens .* your time$/)).toBeVisible();
  // The sealed words are nowhere on Sam's page, and the server refuses them.
  expect(await sam.content()).not.toContain("sealed until this very minute");
  const list = await (await sam.request.get("/api/later-letters")).json();
  const sealedId = list.to_you.find((letter: { state: string }) => letter.state === "sealed").id;
  const early = await sam.request.get(`/api/later-letters/${sealedId}`);
  expect(early.status()).toBe(409);
  expect((await early.json()).message).toMatch(/^This letter is sealed until .* your time\.$/);
  await expectNoAxeViolations(sam, "the letters page (recipient)", { bestPractices: true });
  await shoot(sam, "recipient-sealed");

  // The "sad" envelope opens after a confirm; Alex then sees that it was opened.
  const sad = forSam.getByRole("article").filter({ hasText: "Open when you're sad" });
  await sad.getByRole("button", { name: "Open this letter" }).click();
  const confirm = sam.getByRole("dialog", { name: "Open when you're sad?" });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(sam, "the open-when confirm", { bestPractices: true });
  await inTheDark(sam, () => expectNoAxeViolations(sam, "the open-when confirm in the dark", { bestPractices: true }));
  await confirm.getByRole("button", { name: "Open it" }).click();
  await expect(sad.getByText("Chin up, love. I am right here.")).toBeVisible();
  await alex.reload();
  await expect(wrote.getByText(/^Sam opened it /)).toBeVisible();

  // Its moment comes: the server's clock cannot be moved, so the letter's moment moves to a
  // second ago in the shared database (as the minutes passing would leave it). Sam opens and reads it.
  inServerDatabase((db) =>
    db.$client
      .prepare("UPDATE later_letters SET opens_at = ? WHERE id = ?")
      .run(new Date(Date.now() - 1_000).toISOString(), sealedId),
  );
  await sam.reload();
  const ready = forSam.getByRole("article").filter({ hasText: "Ready to open" });
  await ready.getByRole("button", { name: "Open this letter" }).click();
  await expect(forSam.getByText("This one was sealed until this very minute.", { exact: false })).toBeVisible();
  await shoot(sam, "recipient-open");
});

test("on a phone, a letter being written survives a reload and an expired session, and is forgotten at logout once the partner says so", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex", { viewport: { width: 360, height: 740 }, hasTouch: true });
  await alex.goto("/letters");
  const words = alex.getByLabel("Your letter to Sam");
  await words.click();
  await words.pressSequentially("Dear Sam, the words I never say out loud");
  const unsealed = alex.getByText("Not sealed yet: kept on this device until you seal it.");
  await expect(unsealed).toBeVisible();

  // The phone reloads the tab (it closed it in the background): the words are there.
  await alex.reload();
  await expect(words).toHaveValue("Dear Sam, the words I never say out loud");
  await expect(unsealed).toBeVisible();
  await expectNoAxeViolations(alex, "/letters with a letter not sealed yet at 360 px");
  await unsealed.scrollIntoViewIfNeeded();
  await keepScreenshot(alex, `letters-not-sealed-yet-360`);

  // The session ended meanwhile: signed in again, the words are still there.
  await alex.context().clearCookies();
  await alex.reload();
  await expect(alex).toHaveURL("/signin?redirect=%2Fletters");
  await fillSignIn(alex, "alex", "alex-demo-pass");
  await expect(alex).toHaveURL("/letters");
  await expect(words).toHaveValue("Dear Sam, the words I never say out loud");

  // Logging out asks first, then forgets them: the next to sign in on this phone finds an empty form.
  await openMenu(alex);
  await alex.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).click();
  const asking = alex.getByRole("dialog", { name: "Words not saved yet" });
  await expect(asking).toContainText(
    "A letter for later is not saved yet: kept on this device only, signing out deletes it.",
  );
  await expectNoAxeViolations(alex, "the sign-out's 'Words not saved yet' at 360 px");
  await keepScreenshot(alex, `sign-out-words-not-saved-360`);
  await asking.getByRole("button", { name: "Sign out anyway" }).click();
  await expect(alex).toHaveURL("/");
  await alex.goto("/signin?redirect=%2Fletters");
  await fillSignIn(alex, "alex", "alex-demo-pass");
  await expect(alex).toHaveURL("/letters");
  await expect(words).toHaveValue("");
  await expect(unsealed).toHaveCount(0);
  await alex.context().close();
});

test("on a phone, a letter pasted past its limit is kept whole, says by how much, and seals once shortened", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex", { viewport: { width: 360, height: 740 }, hasTouch: true });
  await alex.goto("/letters");
  const words = alex.getByLabel("Your letter to Sam");
  const letter = `Dear Sam,\n\n${"Everything I wanted to say on the phone and never did. ".repeat(73)}Yours.`;
  expect(letter.length).toBe(4032);
  await words.click();
  await alex.keyboard.insertText(letter);
  await expect(words).toHaveValue(letter);
  const tooLong = alex.getByText("32 characters too long: shorten it to save.");
  await expect(tooLong).toBeVisible();
  const seal = alex.getByRole("button", { name: "Seal letter" });
  await expect(seal).toBeDisabled();
  await expectNoAxeViolations(alex, "/letters with a letter past its limit at 360 px");
  await tooLong.scrollIntoViewIfNeeded();
  await keepScreenshot(alex, `letters-too-long-360`);

  await words.press("End");
  for (let i = 0; i < 40; i++) await words.press("Backspace");
  await expect(tooLong).toHaveCount(0);
  await expect(alex.getByText("3992/4000")).toBeVisible();
  await alex.getByText("Open when...", { exact: true }).click();
  await alex.getByRole("radio", { name: "you're sad" }).check();
  await seal.click();
  await expect(alex.getByText("Your letter to Sam is sealed.")).toBeVisible();
  await alex.context().close();
});

test("the Christmas letter saved on the laptop is never replaced unseen by the phone still open on an older one", async ({
  browser,
}) => {
  const laptop = await signedIn(browser, "alex");
  await laptop.goto("/christmas-letter");
  await laptop.getByLabel("Your letter to Sam").fill("Dear Sam, the first version");
  await laptop.getByRole("button", { name: "Save letter" }).click();
  await expect(laptop.getByText("Your letter to Sam is sealed in its envelope.")).toBeVisible();

  const phone = await signedIn(browser, "alex", { viewport: { width: 360, height: 740 }, hasTouch: true });
  await phone.goto("/christmas-letter");
  const phoneEditor = phone.getByLabel("Your letter to Sam");
  await expect(phoneEditor).toHaveValue("Dear Sam, the first version");
  await phoneEditor.fill("Dear Sam, written on the train");

  // The laptop saves a better version while the phone's page is still open on the first.
  await laptop.getByLabel("Your letter to Sam").fill("Dear Sam, the version from the laptop");
  // The first save's toast may still show, or be gone on a slow machine: this save's answer, then its own toast.
  const saved = laptop.waitForResponse(
    (answer) => answer.url().endsWith("/api/letter") && answer.request().method() === "PUT",
  );
  await laptop.getByRole("button", { name: "Save letter" }).click();
  expect((await saved).status()).toBe(200);
  await expect(laptop.getByText("Your letter to Sam is sealed in its envelope.").last()).toBeVisible();

  await phone.getByRole("button", { name: "Save letter" }).click();
  await expect(phone.getByText(/^Your letter was not saved: Saved on another device/)).toBeVisible();
  const notice = phone.getByText(
    "Your letter was saved on another device since you wrote these words here. Saving replaces it with these.",
  );
  await expect(notice).toBeVisible();
  await expect(phoneEditor).toHaveValue("Dear Sam, written on the train");
  await expectNoAxeViolations(phone, "the Christmas letter saved on another device, at 360 px");
  await notice.scrollIntoViewIfNeeded();
  await keepScreenshot(phone, `letters-saved-elsewhere-360`);
  await laptop.reload();
  await expect(laptop.getByLabel("Your letter to Sam")).toHaveValue("Dear Sam, the version from the laptop");

  // Saving again, having been told, replaces it on purpose.
  await phone.getByRole("button", { name: "Save letter" }).click();
  await expect(phone.getByText("Your letter to Sam is sealed in its envelope.")).toBeVisible();
  await expect(notice).toHaveCount(0);
  await laptop.reload();
  await expect(laptop.getByLabel("Your letter to Sam")).toHaveValue("Dear Sam, written on the train");
  await laptop.context().close();
  await phone.context().close();
});

test("on a phone, paging the letters you wrote keeps that list in view, not the top of the page", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex", { viewport: { width: 360, height: 740 }, hasTouch: true });
  for (let n = 1; n <= 6; n++) {
    const sealed = await alex.request.post("/api/later-letters", {
      data: { text: `For a sad day, ${n}`, opening: { kind: "openWhen", moment: "sad" } },
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    expect(sealed.status()).toBe(201);
  }
  await alex.goto("/letters");
  const wrote = alex.getByRole("navigation", { name: "Letters you wrote to Sam" });
  await wrote.getByRole("button", { name: "Next page" }).click();
  await expect(alex).toHaveURL(/you_wrote=2/);
  await expect(alex.getByRole("heading", { name: "Letters you wrote to Sam" })).toBeInViewport();
  expect(await alex.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});
