import { expect as baseExpect, type Page } from "@playwright/test";
import { askQuestion } from "@spankbank/db/questions";
import { lookAt, signedIn, spankTotal } from "./app";
import { inServerDatabase } from "./database";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const QUESTION = "What would you cook for us on a rainy Sunday?";

/** The newest question's card on /allquestions (the one just asked). */
async function newestCard(page: Page) {
  await page.goto("/allquestions");
  const card = page.getByRole("article").first();
  await expect(card).toContainText(QUESTION);
  return card;
}

test("alex guesses sam's answer; sam only sees it once both answered, nails it, and both earn spanks", async ({
  browser,
}) => {
  inServerDatabase((db) => askQuestion(db, { text: QUESTION }));
  const alex = await signedIn(browser, "alex");
  const sam = await signedIn(browser, "sam");

  // Alex answers first and guesses Sam's answer.
  const alexCard = await newestCard(alex);
  await alexCard.getByRole("button", { name: /Click here to add your response/ }).click();
  const modal = alex.getByRole("dialog");
  await modal.getByLabel("Your response").fill("Pancakes, with too much syrup.");
  await modal.getByLabel("Your guess of Sam's answer (optional)").fill("Soup with crusty bread");
  await modal.getByRole("button", { name: "Add Response" }).click();
  await expect(alexCard.getByRole("group", { name: "Alex's guess" })).toContainText(
    "Your guess: Soup with crusty bread",
  );
  await expect(alexCard).toContainText("Sam sees it once you've both answered.");

  // Sam sees Alex's answer but not a word of her guess, on the card or the dashboard.
  const samCard = await newestCard(sam);
  await expect(samCard).toContainText("Pancakes, with too much syrup.");
  await expect(samCard).not.toContainText("Soup with crusty bread");
  await sam.goto("/dashboard");
  await expect(sam.getByText(QUESTION)).toBeVisible();
  await expect(sam.getByText("Soup with crusty bread")).toHaveCount(0);

  // Having seen Alex's answer, Sam has no guess to write: she answers, and the guesses are revealed.
  await sam.goto("/spank-bank");
  const samBefore = await spankTotal(sam);
  const samAnswering = await newestCard(sam);
  await samAnswering.getByRole("button", { name: /Click here to add your response/ }).click();
  const samModal = sam.getByRole("dialog");
  await expect(samModal.getByLabel("Your response")).toBeVisible();
  await expect(samModal.getByLabel(/Your guess/)).toHaveCount(0);
  await samModal.getByLabel("Your response").fill("Soup with crusty bread, obviously.");
  await samModal.getByRole("button", { name: "Add Response" }).click();
  const guess = samAnswering.getByRole("group", { name: "Alex's guess" });
  await expect(guess).toContainText("Alex guessed: Soup with crusty bread");
  await lookAt(sam, "guess-sam-rates");

  await guess.getByRole("button", { name: "Nailed it" }).click();
  await expect(sam.getByText("Nailed it! 3 spanks each.")).toBeVisible();
  await expect(guess).toContainText("Nailed it!");
  await expect(guess.getByRole("button")).toHaveCount(0);
  // The answer's 5 and the nailed guess's 3.
  await sam.goto("/spank-bank");
  await expect(sam.getByText(`You have ${samBefore + 5 + 3} spanks`)).toBeVisible();

  // Alex sees both side by side, the rating, and how well she knows Sam.
  await alex.goto("/dashboard");
  await expect(alex.getByRole("link", { name: "Alex knows Sam: 1 of the last 1" })).toBeVisible();
  const onDashboard = alex.getByRole("region", { name: "Sam" }).or(alex.getByLabel("Sam", { exact: true }));
  await expect(onDashboard.first()).toContainText("Soup with crusty bread, obviously.");
  await expect(onDashboard.first()).toContainText("Your guess: Soup with crusty bread");
  await lookAt(alex, "guess-alex-dashboard");

  // The Q&A's filter keeps only the questions with a guess.
  await alex.goto("/allquestions");
  // Checked once the router has read the filtered page, so a click, then the state.
  const filter = alex.getByRole("switch", { name: "Only the ones we guessed" });
  await filter.click();
  await expect(alex).toHaveURL(/guessed=true/);
  await expect(filter).toBeChecked();
  await expect(alex.getByRole("article")).toHaveCount(1);
  await expect(alex.getByRole("article")).toContainText(QUESTION);
  await lookAt(alex, "guess-alex-guessed");
});
