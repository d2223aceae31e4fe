import { type Browser, expect, type Page } from "@playwright/test";
import { story } from "../web/src/features/story/scenes/story";
import { shortestWalkToEnding } from "../web/src/features/story/test/storyGraph";
import { ALEX, fillSignIn, keepScreenshot } from "./app";
import { expectNoAxeViolations } from "./axe";
import { test } from "./test";

// Two sign-ins at the production password cost, axe runs and screenshots at two widths: a generous budget.
test.describe.configure({ timeout: 120_000 });

const SAM = { username: "sam", password: "sam-demo-pass" } as const;

async function signedIn(browser: Browser, who: { username: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/signin");
  await fillSignIn(page, who.username, who.password);
  await expect(page).toHaveURL("/dashboard");
  return page;
}

/** Both widths of one state, for a person to look at. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await keepScreenshot(page, `${name}-360`, { fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * What the player sees at the end of a move: the scene's paper faded fully in. It fades from 0.4
 * after the scene arrives, and axe reads the colours as they are at that moment.
 */
async function expectSceneSettled(page: Page) {
  const scene = page.getByRole("article", { name: /^Scene \d+$/ });
  await expect
    .poll(
      () =>
        scene.evaluate((article) => {
          const paper = article.parentElement!;
          return paper.getAnimations().length === 0 && getComputedStyle(paper).opacity === "1";
        }),
      { timeout: 10_000 },
    )
    .toBe(true);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

test("alex plays from scene 0 to an ending by keyboard alone and starts a new adventure", async ({ browser }) => {
  const page = await signedIn(browser, ALEX);
  // The story is its own chunk: the dashboard never fetches it, the game page does.
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.filter((path) => /\/story-[\w-]+\.js$/.test(path))).toEqual([]);
  await page.goto("/trapped-game");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trapped with Sam");
  await expect(page.getByRole("article", { name: "Scene 0" })).toBeVisible();
  await expect(page.getByText("0 choices made")).toBeVisible();
  expect(scripts.filter((path) => /\/story-[\w-]+\.js$/.test(path))).toHaveLength(1);
  await expectNoAxeViolations(page);
  await screenshots(page, "story-scene");

  const fill = (text: string) => text.replaceAll("{me}", "Alex").replaceAll("{partner}", "Sam");
  const sceneOf = (id: number) => story.find((scene) => scene.id === id)!;
  // Into the page by Tab: the heart toggle (Space shows the number), then the first choice of scene 0.
  const heart = page.getByRole("button", { name: "Heart score" });
  for (let tabs = 0; !(await heart.evaluate((button) => button === document.activeElement)); tabs++) {
    expect(tabs, "Tab reaches the heart score toggle").toBeLessThan(30);
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Heart score 50" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Tab");
  expect(await focusedText(page)).toBe(fill(sceneOf(0).choices[0]!.text));
  // The shortest way to an ending through the choices the page shows (some need what came before).
  const walk = shortestWalkToEnding(story);
  for (const [made, { scene, choice, shown }] of walk.entries()) {
    await expect(page.getByText(`Scene ${scene}`, { exact: true })).toBeVisible();
    // Focus is on the scene (or, at the start, its first choice): Tab to the chosen one.
    const presses = made === 0 ? shown : shown + 1;
    for (let i = 0; i < presses; i++) await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe(fill(sceneOf(scene).choices[choice]!.text));
    await page.keyboard.press("Enter");
    const next = sceneOf(scene).choices[choice]!.next;
    await expect(page.getByRole("article", { name: `Scene ${next}` })).toBeFocused();
    await expect(page.getByText(`${made + 1} choices made`)).toBeVisible();
  }

  const ending = page.getByRole("article", { name: /^Scene \d+$/ });
  await expect(ending.getByRole("button")).toHaveText(["Start New Adventure"]);
  // The ending recalls two or three things this walk did.
  const recalls = ending.getByRole("list", { name: "What you did together" }).getByRole("listitem");
  expect(await recalls.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("button", { name: /^Heart score \d+$/ })).toHaveAttribute("aria-pressed", "true");
  // The ending's only button, Start New Adventure, read at a faded opacity fails axe's contrast.
  await expectSceneSettled(page);
  await expectNoAxeViolations(page);
  await screenshots(page, "story-ending");
  // The server keeps the new adventure's save, but its answer is still on its way when the page reloads.
  const kept: string[] = [];
  let reloaded = false;
  await page.route("**/api/story-progress", async (route) => {
    if (route.request().method() !== "PUT" || reloaded) return route.fallback();
    kept.push((await (await route.fetch()).json()).updated_at);
    // Never answered: the page is reloaded meanwhile.
  });
  await page.keyboard.press("Tab");
  await expect(ending.getByRole("button", { name: "Start New Adventure" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article", { name: "Scene 0" })).toBeFocused();
  await expect(page.getByText("0 choices made")).toBeVisible();
  await expect(page.getByRole("button", { name: "Heart score 50" })).toBeVisible();

  // A reload keeps alex's adventure where it is.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("1 choices made")).toBeVisible();
  await expect.poll(() => kept.length).toBe(1);
  // Reloaded at once: the choice's save waits behind the new adventure's, unanswered. The choice stays.
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  reloaded = true;
  await page.reload();
  // Once the server's copy is read and the choice sent again on it.
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("1 choices made")).toBeVisible();
  expect(problems).toEqual([]);
  await page.reload();
  await expect(page.getByText("1 choices made")).toBeVisible();
});

test("sam writes a letter; alex opens it from the envelope and closes it again", async ({ browser }) => {
  const sam = await signedIn(browser, SAM);
  await sam.goto("/christmas-letter");
  const editor = sam.getByRole("textbox", { name: "Your letter to Alex" });
  await editor.fill(
    "Alex, my favourite person,\n\nThis year you made every *ordinary* day feel like a holiday.\n\n**Merry Christmas.**\nSam",
  );
  await sam.getByRole("button", { name: "Save letter" }).click();
  await expect(sam.getByText("Your letter to Alex is sealed in its envelope.")).toBeVisible();

  const alex = await signedIn(browser, ALEX);
  await alex.goto("/christmas-letter");
  const envelope = alex.getByRole("button", { name: "Open the letter from Sam" });
  await expect(envelope).toHaveAttribute("aria-expanded", "false");
  await expectNoAxeViolations(alex);
  await screenshots(alex, "letter-closed");

  await envelope.click();
  // Mid-flip, another click changes nothing.
  await alex.waitForTimeout(400);
  await envelope.click({ force: true });
  const letter = alex.getByRole("article", { name: "Letter from Sam" });
  // Focused once the 2.9 s of opening have played: the file's budget, a busy box's page timers run late.
  await expect(letter).toBeFocused();
  await expect(letter.locator("em")).toHaveText("ordinary");
  await expect(letter.locator("strong")).toHaveText("Merry Christmas.");
  await expectNoAxeViolations(alex);
  await screenshots(alex, "letter-open");

  await letter.getByRole("button", { name: "Close letter" }).click();
  await expect(envelope).toBeFocused();
  await expect(envelope).toHaveAttribute("aria-expanded", "false");
  await expect(letter).toBeHidden();
});
