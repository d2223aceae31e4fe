import { type Browser, expect as baseExpect, type Page } from "@playwright/test";
import { signedIn } from "./app";
import { inServerDatabase } from "./database";
import { test } from "./test";

// Sign-ins at the production password cost on a busy shared machine: nothing here is timed.
test.setTimeout(240_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const SAVE_KEY = "trapped-game:sam";

/** Sam's game is on no server yet: as after an upgrade from a version that kept it only in the browser. */
function forgetSamsServerSave() {
  inServerDatabase((db) =>
    db.$client
      .prepare("DELETE FROM story_progress WHERE user_id = (SELECT id FROM users WHERE username = 'sam')")
      .run(),
  );
}

/** Where the game stands, as its footer says: "Scene 12", "3 choices made". */
async function place(page: Page): Promise<{ scene: string; choices: string }> {
  const scene = page.getByText(/^Scene \d+$/);
  const choices = page.getByText(/^\d+ choices made$/);
  await expect(scene).toBeVisible();
  return { scene: (await scene.textContent())!, choices: (await choices.textContent())! };
}

/** A browser of Sam's own (nothing of the other contexts' storage) on the game. */
async function samOnTheGame(browser: Browser, saveInThisBrowser?: string): Promise<Page> {
  const page = await signedIn(browser, "sam");
  if (saveInThisBrowser !== undefined) {
    await page.evaluate(([key, save]) => localStorage.setItem(key!, save!), [SAVE_KEY, saveInThisBrowser]);
  }
  await page.goto("/trapped-game");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trapped with Alex");
  return page;
}

test("sam's story continues in another browser, and a save kept only in a browser goes to the server once", async ({
  browser,
}) => {
  forgetSamsServerSave();
  const first = await samOnTheGame(browser);
  await expect(first.getByText("0 choices made")).toBeVisible();
  // Three scenes, by the first choice each time.
  for (let made = 1; made <= 3; made++) {
    // A choice is taken once the move to its scene is over.
    await expect(first.locator("[data-moving='true']")).toHaveCount(0);
    await first
      .getByRole("article", { name: /^Scene \d+$/ })
      .getByRole("button")
      .first()
      .click();
    await expect(first.getByText(`${made} choices made`)).toBeVisible();
  }
  await expect(first.locator("[data-moving='true']")).toHaveCount(0);
  const played = await place(first);
  await first.waitForLoadState("networkidle");

  // A new browser, nothing in its storage: the game is where Sam left it.
  const second = await samOnTheGame(browser);
  await expect(second.getByText(played.choices)).toBeVisible();
  expect(await place(second)).toEqual(played);
  await second.context().close();

  // Before the server kept games, the save lived only in the browser: it goes up on the next visit.
  const browserSave = await first.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  expect(browserSave, "the browser keeps its copy").not.toBeNull();
  await first.context().close();
  forgetSamsServerSave();
  const upgraded = await samOnTheGame(browser, browserSave!);
  await expect(upgraded.getByText(played.choices)).toBeVisible();
  await expect
    .poll(async () => (await (await upgraded.request.get("/api/story-progress")).json()).progress?.scene)
    .toBe(Number(played.scene.replace("Scene ", "")));
  await upgraded.context().close();
  const elsewhere = await samOnTheGame(browser);
  await expect(elsewhere.getByText(played.choices)).toBeVisible();
  expect(await place(elsewhere)).toEqual(played);
  await elsewhere.context().close();

  // Later specs start Sam at scene 0, as a fresh install would.
  forgetSamsServerSave();
});
