import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, expect as baseExpect, type Page } from "@playwright/test";
import { userByUsername } from "@spankbank/db/couple";
import { mediaFolder } from "@spankbank/db/media";
import { addMemory } from "@spankbank/db/memories";
import { fillSignIn, focusedControl, keepScreenshot, listFavour, openMenu, pagerPlace } from "./app";
import { expectNoAxeViolations, inTheDark } from "./axe";
import { inServerDatabase } from "./database";
import { type ServerProcess, startServer } from "./serverProcess";
import { test } from "./test";

// Issue 20's defects, each shown in the real app. No animation mid-way while axe measures colours
// or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" }, actionTimeout: 15_000 });
// Nothing here is timed: these are budgets on a busy shared machine, not expectations.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

/**
 * Axe on the open dialog, best practices included (the landmark rules are among them), in the light
 * and in the dark (the device's setting, which the page follows), and screenshots of it at 1280 and
 * 360 px for a person to look at.
 */
async function lookAtDialog(page: Page, name: string) {
  await expectNoAxeViolations(page, name, { bestPractices: true, within: "[role=dialog]" });
  await keepScreenshot(page, `careful-${name}-1280`);
  await page.setViewportSize(PHONE);
  await keepScreenshot(page, `careful-${name}-360`);
  await inTheDark(page, async () => {
    await expectNoAxeViolations(page, `${name} in the dark`, { bestPractices: true, within: "[role=dialog]" });
    await keepScreenshot(page, `careful-${name}-dark-360`);
    await page.setViewportSize(LAPTOP);
    await keepScreenshot(page, `careful-${name}-dark-1280`);
  });
}

// Each partner signs in once (a production-cost password check each) and every test opens its pages
// in that partner's context.
const signedIn: Partial<Record<"alex" | "sam", BrowserContext>> = {};
test.beforeAll(async ({ browser }) => {
  for (const username of ["alex", "sam"] as const) {
    const context = await browser.newContext({ viewport: LAPTOP, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/signin");
    await expect(page).toHaveTitle("Sign In · Spank Bank");
    await fillSignIn(page, username, `${username}-demo-pass`);
    await expect(page).toHaveURL("/dashboard", { timeout: 30_000 });
    await page.close();
    signedIn[username] = context;
  }
});
test.afterAll(async () => {
  await Promise.all(Object.values(signedIn).map((context) => context.close()));
});

/** A new tab in the partner's signed-in context, at `path`, at laptop width. */
async function open(username: "alex" | "sam", path: string) {
  const page = await signedIn[username]!.newPage();
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return page;
}

const card = (page: Page, name: string) =>
  page.locator(".mantine-Card-root").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("3: the drawer and every modal: axe, best practices included, finds nothing at 1280 and 360 px", async () => {
  // A budget, not an expectation: every dialog is checked twice, in the light and in the dark.
  test.setTimeout(180_000);
  const alex = await open("alex", "/dashboard");

  await openMenu(alex);
  await lookAtDialog(alex, "drawer");
  await alex.keyboard.press("Escape");
  await expect(alex.getByRole("dialog", { name: "Menu" })).toBeHidden();

  // Log Workout, with its field errors showing (red 9 on white: 5.4:1).
  await alex.getByRole("button", { name: "Log Workout" }).click();
  const workout = alex.getByRole("dialog", { name: "Log Workout" });
  await workout.getByRole("button", { name: "Submit" }).click();
  await expect(workout.getByText("Duration is required")).toBeVisible();
  await lookAtDialog(alex, "workout-errors");
  await workout.getByRole("button", { name: "Cancel" }).click();
  await expect(workout).toBeHidden();

  await alex.getByRole("button", { name: "Your day" }).click();
  const yourDay = alex.getByRole("dialog", { name: "Your day" });
  await expect(yourDay.getByLabel("Bedtime")).not.toHaveValue("");
  await lookAtDialog(alex, "your-day");
  await alex.keyboard.press("Escape");
  await expect(yourDay).toBeHidden();

  await alex.goto("/spank-bank");
  await alex.getByRole("button", { name: /See your history/ }).click();
  const history = alex.getByRole("dialog", { name: "Your spank history" });
  await expect(history.getByRole("list", { name: "Transactions, newest first" })).toBeVisible();
  await lookAtDialog(alex, "history");
  await alex.keyboard.press("Escape");
  await expect(history).toBeHidden();

  await alex.getByRole("tab", { name: "Manage Products" }).click();
  await alex.getByRole("button", { name: "Add New Product" }).click();
  const form = alex.getByRole("dialog", { name: "Add New Product" });
  await form.getByLabel("Price (Spanks)").fill("12.5");
  await expect(form.getByText("Price must be a whole number of spanks from 0 to 9999.")).toBeVisible();
  await lookAtDialog(alex, "product-form");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toBeHidden();

  await alex.getByRole("button", { name: "Edit Movie night pick" }).click();
  const edit = alex.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByLabel("Name")).toHaveValue("Movie night pick");
  await lookAtDialog(alex, "product-edit");
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();

  await alex.getByRole("button", { name: "Remove Movie night pick" }).click();
  const removal = alex.getByRole("dialog", { name: "Confirm Removal" });
  await expect(removal).toBeVisible();
  await lookAtDialog(alex, "confirm-removal");
  await removal.getByRole("button", { name: "Cancel" }).click();
  await expect(removal).toBeHidden();

  await alex.goto("/floggers4change");
  await alex.getByRole("button", { name: "Donate Now" }).click();
  const notice = alex.getByRole("dialog", { name: "Notice" });
  await expect(notice).toBeVisible();
  await lookAtDialog(alex, "notice");
  await notice.getByRole("button", { name: "Close", exact: true }).click();
  await expect(notice).toBeHidden();

  // Alex has answered every demo question: the modal opens as an edit of the latest answer.
  await alex.goto("/allquestions");
  await alex.getByRole("button", { name: "Edit your answer" }).first().click();
  const response = alex.getByRole("dialog", { name: "Edit your response" });
  await expect(response.getByLabel("Your response")).not.toHaveValue("");
  await lookAtDialog(alex, "response");
  await alex.keyboard.press("Escape");
  await expect(response).toBeHidden();

  await alex.goto("/memories");
  await alex.getByRole("button", { name: "Select memories to delete" }).click();
  await alex.getByRole("checkbox").first().check();
  await alex.getByRole("button", { name: "Delete Selected Memories" }).click();
  const confirm = alex.getByRole("dialog", { name: "Delete 1 memory?" });
  await expect(confirm).toBeVisible();
  await lookAtDialog(alex, "delete-confirm");
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toBeHidden();
  await alex.close();
});

/** A 2x2 rose PNG: the smallest photo the board shows as it shows any other. */
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGM4aZV20iqNAUIBACkWBaWKIuZ5AAAAAElFTkSuQmCC",
  "base64",
);

test("6: a memory's photo opens full screen, and axe finds nothing in the viewer", async () => {
  // A photo memory, stored as the bot stores one from Discord (the bot shares this database),
  // dated before the demo's history so it sits at the end of the board.
  inServerDatabase((db) => {
    mkdirSync(mediaFolder(db), { recursive: true });
    writeFileSync(join(mediaFolder(db), "careful-photo.png"), PHOTO);
    addMemory(db, {
      userId: userByUsername(db, "sam")!.id,
      message: "The lighthouse at dusk, from the ferry.",
      createdAt: new Date(Date.now() - 400 * 86_400_000),
      images: [{ fileName: "careful-photo.png", contentType: "image/png", size: PHOTO.length }],
    });
  });
  const alex = await open("alex", "/memories");
  await alex
    .getByRole("button", { name: /^Page \d+$/ })
    .last()
    .click();
  const memory = alex.locator("article").filter({ hasText: "The lighthouse at dusk, from the ferry." });
  await memory.getByRole("button", { name: "Open the photo full screen" }).click();
  const viewer = alex.getByRole("dialog", { name: "Photo" });
  await expect(viewer.getByRole("img", { name: "The lighthouse at dusk, from the ferry." })).toBeVisible();
  await lookAtDialog(alex, "photo");
  await alex.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await alex.close();
});

test("1: a price is never multiplied: 12.5, 2.99 and 7,50 are refused and nothing is listed", async () => {
  const sam = await open("sam", "/spank-bank");
  await sam.getByRole("tab", { name: "Manage Products" }).click();
  await sam.getByRole("button", { name: "Add New Product" }).click();
  const form = sam.getByRole("dialog", { name: "Add New Product" });
  await form.getByLabel("Name").fill("Half-price hug");
  await form.getByLabel("Description").fill("A hug, at a price with a dot in it.");
  const price = form.getByLabel("Price (Spanks)");
  for (const typed of ["12.5", "2.99", "7,50"]) {
    await price.fill("");
    await price.pressSequentially(typed);
    await expect(price).toHaveValue(typed);
    await expect(form.getByText("Price must be a whole number of spanks from 0 to 9999.")).toBeVisible();
    await form.getByRole("button", { name: "Add Product" }).click();
    await expect(form).toBeVisible();
  }
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(card(sam, "Half-price hug")).toHaveCount(0);
  await sam.reload();
  await sam.getByRole("tab", { name: "Manage Products" }).click();
  await expect(sam.getByRole("heading", { name: "Manage Your Products" })).toBeVisible();
  await expect(card(sam, "Playlist made for you")).toHaveCount(1);
  await expect(card(sam, "Half-price hug")).toHaveCount(0);
  await sam.close();
});

test("2: deleting memories: only what is on screen, a confirm naming the count, then the trash and Restore", async () => {
  const alex = await open("alex", "/memories");
  await expect(alex).toHaveTitle("Love in Every Memory · Spank Bank");
  const messages = alex.locator("article p.mantine-Text-root[data-size='lg']");
  await expect(messages).toHaveCount(5);
  const firstTwo = [await messages.nth(0).textContent(), await messages.nth(1).textContent()];

  // Selection mode: focus moves to its Cancel, and back to the trash button when it ends.
  await alex.getByRole("button", { name: "Select memories to delete" }).click();
  await expect(alex.getByRole("button", { name: "Cancel" })).toBeFocused();
  await alex.getByRole("checkbox").nth(0).check();
  // Another page clears the selection: nothing off screen can be deleted.
  await alex.getByRole("button", { name: "Page 2" }).click();
  await expect(alex).toHaveURL(/page=2/);
  await expect(alex.getByRole("button", { name: "Delete Selected Memories" })).toBeDisabled();
  await alex.getByRole("button", { name: "Page 1" }).click();
  await expect(alex.getByRole("checkbox").nth(0)).not.toBeChecked();

  await alex.getByRole("checkbox").nth(0).check();
  await alex.getByRole("checkbox").nth(1).check();
  await alex.getByRole("button", { name: "Delete Selected Memories" }).click();
  const confirm = alex.getByRole("dialog", { name: "Delete 2 memories?" });
  await expect(confirm).toContainText("restore them for 30 days");
  await confirm.getByRole("button", { name: "Delete 2 memories" }).click();
  await expect(alex.getByText("2 memories moved to the trash. You can restore them for 30 days.")).toBeVisible();
  await expect(alex.getByRole("button", { name: "Select memories to delete" })).toBeFocused();
  await expect(messages.nth(0)).not.toHaveText(firstTwo[0]!);

  await alex.getByRole("tab", { name: "Trash" }).click();
  await expect(alex).toHaveURL(/view=trash/);
  const trashed = alex.locator("article");
  await expect(trashed.filter({ hasText: firstTwo[0]! })).toContainText("restorable until");
  await keepScreenshot(alex, `careful-trash-1280`, { fullPage: true });
  await alex.setViewportSize(PHONE);
  await expectNoAxeViolations(alex, "the trash at 360 px", { bestPractices: true });
  await keepScreenshot(alex, `careful-trash-360`, { fullPage: true });
  await alex.setViewportSize(LAPTOP);
  for (const message of firstTwo) {
    await trashed
      .filter({ hasText: message! })
      .getByRole("button", { name: /^Restore/ })
      .click();
    await expect(alex.getByText("Memory restored to the board.").first()).toBeVisible();
    await expect(trashed.filter({ hasText: message! })).toHaveCount(0);
    // Focus goes to the next memory's Restore, or the trash's tab once it is empty.
    await expect.poll(() => focusedControl(alex)).toMatch(/^button (Restore the memory |Trash)/);
  }
  await alex.getByRole("tab", { name: "Memories" }).click();
  await expect(messages.nth(0)).toHaveText(firstTwo[0]!);
  await expect(messages.nth(1)).toHaveText(firstTwo[1]!);
  await alex.close();
});

test("4: one partner's typos: the form counts the tries left down to the pause, and the other partner still gets in", async ({
  browser,
}) => {
  // Its own server: the pause holds sam's name at this address for 15 minutes, and the other
  // specs sign sam in on the shared one.
  let server: ServerProcess | undefined;
  const context = await browser.newContext({ viewport: LAPTOP, reducedMotion: "reduce" });
  try {
    server = await startServer();
    const page = await context.newPage();
    await page.goto(`${server.url}/signin`);
    const alert = page.getByRole("alert");
    for (const left of ["4 tries", "3 tries", "2 tries", "1 try"]) {
      await fillSignIn(page, "sam", "sam-demo-pas");
      await expect(alert).toContainText(
        `Invalid username or password${left} left before sign-in pauses for 15 minutes.`,
      );
    }
    await fillSignIn(page, "sam", "sam-demo-pas");
    await expect(alert).toContainText("No tries left: sign-in pauses for 15 minutes.");
    // Sam's own password is refused too now, with the server's word on when to come back.
    await fillSignIn(page, "sam", "sam-demo-pass");
    await expect(alert).toContainText(/^Too many failed sign-ins\. Try again in \d+ minutes\.$/);
    await expect(page).toHaveURL(/\/signin$/);
    await keepScreenshot(page, `careful-tries-left-1280`);
    // Alex, on the same browser and address, was never the one mistyping.
    await fillSignIn(page, "alex", "alex-demo-pass");
    await expect(page).toHaveURL(`${server.url}/dashboard`, { timeout: 30_000 });
    await expect(page.getByText("Welcome, Alex!")).toBeVisible();
  } finally {
    await context.close();
    await server?.stop();
  }
});

test("5: every person is named by their display name", async () => {
  const alex = await open("alex", "/dashboard");
  await expect(alex.getByText("Welcome, Alex!")).toBeVisible();
  await expect(alex).toHaveTitle("Dashboard · Spank Bank");
  for (const route of ["/dashboard", "/memories", "/allquestions", "/spank-bank", "/inventory"]) {
    await alex.goto(route);
    await expect(alex.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(alex.locator("main")).not.toContainText(/\b(alex_d|sam_r)\b/);
    await expect(alex.locator("main")).not.toContainText(/(by|Seller:|Posted by) (alex|sam)\b/);
  }
  await alex.goto("/memories");
  await expect(alex.locator("article").first()).toContainText(/by (Alex|Sam)/);
  await alex.close();
});

test("6: the pager stays on one line on a phone, Buy Now says why it is off, workouts are refused not clamped, redeem toasts, answering keeps focus, each tab titled", async () => {
  const sam = await open("sam", "/spank-bank");
  // A favour alex cannot afford.
  await sam.getByRole("tab", { name: "Manage Products" }).click();
  await listFavour(sam, { name: "A week of breakfasts", description: "Seven mornings, seven trays.", price: 9999 });

  const alex = await open("alex", "/memories?page=3");
  await alex.setViewportSize(PHONE);
  const { previous, next } = await pagerPlace(alex);
  expect(next.y, "Next on the same line as Previous").toBe(previous.y);
  await keepScreenshot(alex, `careful-memories-360`, { fullPage: true });
  await alex.setViewportSize(LAPTOP);

  await alex.goto("/spank-bank");
  await expect(alex).toHaveTitle("Sam's Spank Bank · Spank Bank");
  const dear = card(alex, "A week of breakfasts");
  await expect(dear.getByRole("button", { name: "Buy Now" })).toBeDisabled();
  await expect(dear).toContainText(/You need [\d,]+ more spanks for this one\./);
  // Something alex can afford, to redeem below.
  await card(alex, "Playlist made for you").getByRole("button", { name: "Buy Now" }).click();
  await expect(alex.getByText('You bought "Playlist made for you" for 20 spanks.')).toBeVisible();

  await alex.goto("/dashboard");
  await alex.getByRole("button", { name: "Log Workout" }).click();
  const workout = alex.getByRole("dialog", { name: "Log Workout" });
  await expect(workout.getByText(/^Each workout earns 5 spanks, up to 3 a day/)).toBeVisible();
  await workout.getByRole("textbox", { name: /Workout name/ }).fill("Ultra");
  await workout.getByRole("textbox", { name: /Duration/ }).fill("2000");
  await workout.getByRole("textbox", { name: /Calories/ }).fill("300");
  await workout.getByRole("button", { name: "Submit" }).click();
  await expect(workout.getByText("Duration must be a whole number of minutes from 1 to 1440.")).toBeVisible();
  await expect(workout.getByRole("textbox", { name: /Duration/ })).toHaveValue("2000");
  await workout.getByRole("button", { name: "Cancel" }).click();

  await alex.goto("/inventory");
  await expect(alex).toHaveTitle("Your Inventory · Spank Bank");
  await alex.getByRole("button", { name: "Redeem Playlist made for you" }).click();
  await expect(
    alex.getByText('Redeemed "Playlist made for you": it waits under Redeemed for you to confirm.'),
  ).toBeVisible();
  await alex.close();

  // Sam has not answered the latest question: answering removes the button that opened the modal,
  // and focus lands on sam's answer, not on the page's body.
  await sam.goto("/allquestions");
  await expect(sam).toHaveTitle("All Q&A · Spank Bank");
  await sam.getByText("You haven't responded yet. Click here to add your response.").first().click();
  const response = sam.getByRole("dialog", { name: "Add a Response" });
  await response.getByRole("textbox").fill("The lake at dawn.");
  await response.getByRole("button", { name: "Add Response" }).click();
  await expect(sam.getByText("Response submitted successfully!")).toBeVisible();
  await expect(response).toBeHidden();
  await expect(sam.getByRole("group", { name: "Your answer" }).filter({ hasText: "The lake at dawn." })).toBeFocused();
  await sam.close();
});

/** The first item of a list whose top is on screen, by its text, and how far down the screen it is. */
const itemAtTop = (page: Page, list: string) =>
  page.evaluate((selector) => {
    const item = Array.from(document.querySelectorAll(selector)).find((node) => node.getBoundingClientRect().top >= 0);
    return item ? { text: (item as HTMLElement).innerText, top: Math.round(item.getBoundingClientRect().top) } : null;
  }, list);

/**
 * Scrolls the window to `y` (or as far as the page goes) and answers where it came to rest, once a
 * frame has passed: the page hears of a scroll in the next frame (the router notes the place from
 * that event), as it always does when a partner scrolls before tapping. Under load a navigation
 * started at once could leave before it, and the router kept the place before.
 */
const scrollTo = (page: Page, y: number) =>
  page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: "instant" });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return window.scrollY;
  }, y);

test("6: Back comes back to the place in All Q&A reached in the app: scrolled far down, the menu to another page, Back", async () => {
  const alex = await open("alex", "/dashboard");
  await alex.setViewportSize(PHONE);
  await (await openMenu(alex)).getByRole("link", { name: "Q & A" }).click();
  await expect(alex.getByRole("heading", { level: 1, name: "All Q&A" })).toBeVisible();
  await expect(alex.getByRole("article").nth(2)).toBeVisible();
  const place = await scrollTo(alex, 2_500);
  expect(place, "All Q&A is long enough to scroll").toBeGreaterThan(1_500);
  await (await openMenu(alex)).getByRole("link", { name: "Inventory" }).click();
  await expect(alex.getByRole("heading", { level: 1, name: "Your Inventory" })).toBeVisible();
  await alex.goBack();
  await expect(alex).toHaveURL("/allquestions");
  await expect.poll(() => alex.evaluate(() => window.scrollY), { message: "Back to All Q&A" }).toBe(place);
  await alex.close();
});

test("6: Back comes back to the same place in a long list: memories page 2, All Q&A, the spank bank", async () => {
  const alex = await open("alex", "/dashboard");
  await alex.setViewportSize(PHONE);
  for (const [path, list] of [
    ["/memories?page=2", "article"],
    ["/allquestions", "article"],
    ["/spank-bank", ".mantine-Card-root"],
  ] as const) {
    await alex.goto(path);
    await expect(alex.locator(list).nth(2)).toBeVisible();
    // Away by a link in the app (dispatched: a click would scroll the link into view first), Back.
    const place = await scrollTo(alex, 900);
    expect(place, `${path} is long enough to scroll`).toBeGreaterThan(600);
    await alex.getByRole("link", { name: "Spank Bank", exact: true }).dispatchEvent("click");
    await expect(alex.getByRole("heading", { level: 1, name: "Hello, Alex" })).toBeVisible();
    await alex.goBack();
    await expect(alex).toHaveURL(path);
    await expect.poll(() => alex.evaluate(() => window.scrollY), { message: `Back in the app to ${path}` }).toBe(place);

    // Away to a page loaded afresh, Back: the list loads again before there is room to scroll to it.
    // What the partner sees is the place: the same item at the same height on screen (the browser
    // may shift scrollY to keep it there while the page above it settles).
    await scrollTo(alex, place - 100);
    const seen = await itemAtTop(alex, list);
    await alex.goto("/inventory");
    await expect(alex.getByRole("heading", { level: 1, name: "Your Inventory" })).toBeVisible();
    await alex.goBack();
    await expect(alex).toHaveURL(path);
    await expect.poll(() => itemAtTop(alex, list), { message: `Back from a new page to ${path}` }).toEqual(seen);
  }
  await alex.close();
});

test("at 360 px the charity's name stays one word on one line, and the welcome names the partner in full", async () => {
  const alex = await open("alex", "/floggers4change");
  await alex.setViewportSize(PHONE);
  const title = alex.getByRole("heading", { level: 1, name: "Floggers4Change" });
  const lines = await title.evaluate(
    (h1) => h1.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(h1).lineHeight),
  );
  expect(Math.round(lines), "lines of the charity's name").toBe(1);
  const welcome = alex.getByText("Welcome, Alex!");
  const clipped = await welcome.evaluate((text) => text.scrollWidth > text.clientWidth);
  expect(clipped, "the welcome is cut short").toBe(false);
  await keepScreenshot(alex, `careful-charity-360`, { fullPage: true });
  await alex.setViewportSize(LAPTOP);
  await keepScreenshot(alex, `careful-charity-1280`, { fullPage: true });
  await alex.close();
});

test("at 360 px the dialogs keep their words whole: the distance unit has its own row, the delete confirm's buttons a row each", async () => {
  const alex = await open("alex", "/dashboard");
  await alex.setViewportSize(PHONE);
  await alex.getByRole("button", { name: "Log Workout" }).click();
  const workout = alex.getByRole("dialog", { name: "Log Workout" });
  const distance = await workout.getByRole("textbox", { name: "Distance", exact: true }).boundingBox();
  const unit = await workout.getByRole("combobox", { name: "Distance unit" }).boundingBox();
  expect(unit!.y, "the unit below the distance").toBeGreaterThan(distance!.y + distance!.height);
  expect(unit!.width, "the unit as wide as the distance").toBe(distance!.width);
  await workout.getByRole("button", { name: "Cancel" }).click();

  await alex.goto("/memories");
  await alex.getByRole("button", { name: "Select memories to delete" }).click();
  await alex.getByRole("checkbox").first().check();
  await alex.getByRole("button", { name: "Delete Selected Memories" }).click();
  const confirm = alex.getByRole("dialog", { name: "Delete 1 memory?" });
  const remove = await confirm.getByRole("button", { name: "Delete 1 memory" }).boundingBox();
  const keep = await confirm.getByRole("button", { name: "Keep it" }).boundingBox();
  expect(keep!.y, "Keep below the delete").toBeGreaterThan(remove!.y + remove!.height);
  expect(keep!.width, "both as wide as the dialog").toBe(remove!.width);
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await alex.close();
});

test("axe finds nothing on the two pages no other spec checks: /protected and a page that does not exist", async () => {
  const alex = await open("alex", "/protected");
  await expectNoAxeViolations(alex, "/protected");
  await alex.goto("/no-such-page");
  await expect(alex.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(alex, "the not-found page");
  await alex.close();
});
