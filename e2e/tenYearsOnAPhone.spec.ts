import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { scaleOf, seedBenchDb } from "../scripts/src/bench/seed";
import { fillSignIn, keepScreenshot, pagerPlace } from "./app";
import { type ServerProcess, startServer } from "./serverProcess";
import { test } from "./test";

// Seeding ten years of memories, answers and ledger rows takes a few seconds on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("at ten years every pager on a phone keeps to one line inside the screen: the board's page 4,000, All Q&A's page 400, the past visits and the spank history", async ({
  browser,
}) => {
  const dir = mkdtempSync(join(tmpdir(), "spankbank-ten-years-"));
  let server: ServerProcess | undefined;
  try {
    const databasePath = join(dir, "app.db");
    // Ten years of what the pagers page through: 4,000 pages of memories, 400 of questions, thousands of the ledger.
    const scale = { ...scaleOf(100), memories: 20_000, answeredQuestions: 4_000, visits: 250, transfers: 60_000 };
    seedBenchDb(databasePath, demoCouple, scale).$client.close();
    server = await startServer({ DATABASE_PATH: databasePath }, demoCouple);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await page.goto("/signin");
    await fillSignIn(page, "alex", "alex-demo-pass");
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      for (const [path, last] of [
        ["/memories?page=4000", "Page 4000"],
        ["/allquestions?page=400", "Page 400"],
        ["/together?page=25", "Page 25"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("button", { name: last })).toHaveAttribute("aria-current", "page");
        const { previous, next, scrollWidth } = await pagerPlace(page);
        expect(next.y, `${path} at ${width} px: Next on Previous's line`).toBe(previous.y);
        expect(next.x + next.width, `${path} at ${width} px: Next inside the screen`).toBeLessThanOrEqual(width);
        expect(scrollWidth, `${path} at ${width} px: no sideways scrolling`).toBeLessThanOrEqual(width);
        await keepScreenshot(page, `ten-years-${path.slice(1).replace(/\W+/g, "-")}-${width}`, { fullPage: true });
      }
    }

    await page.goto("/spank-bank");
    await page.getByRole("button", { name: /See your history/ }).click();
    const history = page.getByRole("dialog", { name: "Your spank history" });
    // Its first page read: the pager is drawn.
    await expect(history.getByRole("button", { name: "Next page" })).toBeEnabled();
    // The last page, the pager's highest number: four digits at ten years.
    const numbers = await history
      .getByRole("button", { name: /^Page \d+$/ })
      .evaluateAll((buttons) =>
        buttons.map((button) => Number(button.getAttribute("aria-label")!.slice("Page ".length))),
      );
    const lastPage = `Page ${Math.max(...numbers)}`;
    expect(Math.max(...numbers), "the history's pages").toBeGreaterThanOrEqual(1000);
    await history.getByRole("button", { name: lastPage, exact: true }).click();
    await expect(history.getByRole("button", { name: lastPage, exact: true })).toHaveAttribute("aria-current", "page");
    const { previous, next } = await pagerPlace(page, history);
    expect(next.y, "the history's Next on Previous's line").toBe(previous.y);
    expect(next.x + next.width, "the history's Next inside the screen").toBeLessThanOrEqual(390);
    await keepScreenshot(page, "ten-years-spank-history-390");
    await context.close();
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
