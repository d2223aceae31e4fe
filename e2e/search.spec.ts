import { expect as baseExpect } from "@playwright/test";
import { addMemory } from "@spankbank/db/memories";
import { lookAt, signedIn } from "./app";
import { inServerDatabase } from "./database";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

test("alex searches from the header, sees the words marked and opens the memory on its board page; sam finds it too", async ({
  browser,
}) => {
  // An old memory of Sam's: a board page well after the first (the demo's memories are newer).
  inServerDatabase((db) => {
    const sam = db.$client.prepare("SELECT id FROM users WHERE username = 'sam'").get() as { id: number };
    addMemory(db, {
      userId: sam.id,
      message: "Crème brûlée by the lighthouse, fireflies all the way home",
      createdAt: new Date("2019-06-01T20:00:00Z"),
    });
  });
  const alex = await signedIn(browser, "alex");
  const box = alex.getByRole("searchbox", { name: "Search memories, answers and letters" });
  await box.fill("creme LIGHT");
  await box.press("Enter");
  await expect(alex.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  const memories = alex.getByRole("region", { name: "Memories (1)" });
  const result = memories.getByRole("link", { name: /^Open memories of/ });
  await expect(result.locator("mark")).toHaveText(["Crème", "lighthouse"]);
  await lookAt(alex, "search-alex", "the search results");

  await result.click();
  await expect(alex).toHaveURL(/\/memories\?page=\d+$/);
  const page = Number(new URL(alex.url()).searchParams.get("page"));
  expect(page).toBeGreaterThan(1);
  await expect(alex.getByText("Crème brûlée by the lighthouse, fireflies all the way home")).toBeVisible();

  const sam = await signedIn(browser, "sam");
  await sam.goto("/search?q=firefl");
  await expect(sam.getByRole("region", { name: "Memories (1)" }).locator("mark")).toHaveText(["fireflies"]);
});
