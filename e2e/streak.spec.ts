import { expect as baseExpect, type Page } from "@playwright/test";
import { dayIn } from "@spankbank/db/clock";
import { dailyQuestionToPost } from "@spankbank/db/questions";
import { demoCouple } from "@spankbank/shared/demoCouple";
import { lookAt, signedIn } from "./app";
import { inServerDatabase } from "./database";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(300_000);
const expect = baseExpect.configure({ timeout: 20_000 });

/** Answers the latest question on /allquestions, as the signed-in partner. */
async function answerLatest(page: Page, question: string, answer: string) {
  await page.goto("/allquestions");
  const latest = page.getByRole("article").first();
  await expect(latest).toContainText(question);
  await latest.getByRole("button", { name: /Click here to add your response/ }).click();
  const modal = page.getByRole("dialog");
  await modal.getByLabel("Your response").fill(answer);
  await modal.getByRole("button", { name: "Add Response" }).click();
  await expect(latest).toContainText(answer);
}

test("alex and sam both answer today's daily question; both dashboards count the streak", async ({ browser }) => {
  // The bot (a second process on this database) asks today's daily question; the demo's were asked on demand.
  const { dailyQuestion, couple } = demoCouple;
  const asked = inServerDatabase((db) => dailyQuestionToPost(db, dayIn(dailyQuestion.timeZone), couple))!;
  const sam = await signedIn(browser, "sam");
  const alex = await signedIn(browser, "alex");
  const start = "Answer today's question together to start a streak";
  await expect(alex.getByRole("link", { name: start })).toBeVisible();

  await answerLatest(alex, asked.text, "Your voice before I sleep.");
  await alex.goto("/dashboard");
  await expect(alex.getByRole("link", { name: start })).toBeVisible();

  await answerLatest(sam, asked.text, "The sound of you laughing at my jokes.");
  await sam.goto("/dashboard");
  const streak = "1 day in a row you've both answered";
  await expect(sam.getByRole("link", { name: streak })).toHaveAttribute("href", "/allquestions");
  await alex.reload();
  await expect(alex.getByRole("link", { name: streak })).toBeVisible();
  await lookAt(alex, "streak-alex");
});
