import { expect as baseExpect } from "@playwright/test";
import { lookAt, signedIn } from "./app";
import { onClockOf } from "./clock";
import { inServerDatabase } from "./database";
import { test } from "./test";

// No animation mid-way while axe measures colours or a screenshot is taken.
test.use({ contextOptions: { reducedMotion: "reduce" } });
// Two partners signing in (the password checked at production cost) on a busy shared machine: nothing here is timed.
test.setTimeout(180_000);
const expect = baseExpect.configure({ timeout: 20_000 });

const LETTER = "Dear Alex,\n\nOpen this one with your morning chai.";

test("the dashboard counts down to the next visit and says when a letter from Sam can be opened, each leading to its page", async ({
  browser,
}) => {
  const alex = await signedIn(browser, "alex");
  // The demo plans Alex's visit to Sam a few weeks ahead; the dashboard counts it on Alex's calendar.
  const visits = await (await alex.request.get("/api/visits?page=1")).json();
  const daysUntil: number = visits.countdowns[0].days_until;
  expect(visits.next, "the demo plans the next visit").not.toBeNull();
  const countdown = alex.getByRole("link", { name: new RegExp(`^${daysUntil} days? until you're together \\(`) });
  await expect(countdown).toBeVisible();
  await expect(alex.getByRole("link", { name: /can be opened$/ })).toHaveCount(0);
  await countdown.click();
  await expect(alex).toHaveURL("/together");
  await expect(alex.getByTestId("days-until")).toHaveText(String(daysUntil));

  // Sam seals a letter for a few minutes from now: while sealed, the dashboard says nothing of it.
  const sam = await signedIn(browser, "sam");
  await sam.goto("/letters");
  const soon = onClockOf("Asia/Kolkata", 3);
  await sam.getByLabel("Your letter to Alex").fill(LETTER);
  await sam.getByRole("textbox", { name: "Date", exact: true }).fill(soon.date);
  await sam.getByLabel("Time on Alex's clock").fill(soon.time);
  await sam.getByRole("button", { name: "Seal letter" }).click();
  await expect(sam.getByText("Your letter to Alex is sealed.")).toBeVisible();
  await alex.goto("/dashboard");
  await expect(countdown).toBeVisible();
  await expect(alex.getByRole("link", { name: /can be opened$/ })).toHaveCount(0);

  // Its moment comes (the server's clock cannot be moved: the moment moves to a second ago).
  const mine = await (await sam.request.get("/api/later-letters")).json();
  const letterId = mine.from_you.find((letter: { text: string }) => letter.text === LETTER).id;
  inServerDatabase((db) =>
    db.$client
      .prepare("UPDATE later_letters SET opens_at = ? WHERE id = ?")
      .run(new Date(Date.now() - 1_000).toISOString(), letterId),
  );
  await alex.reload();
  const waiting = alex.getByRole("link", { name: "A letter from Sam can be opened" });
  await expect(waiting).toBeVisible();
  await expect(countdown).toBeVisible();
  await lookAt(alex, "dashboard-coming-up", "the dashboard with a visit and a letter coming up");
  await waiting.click();
  await expect(alex).toHaveURL("/letters");
  const envelope = alex
    .getByRole("region", { name: "Waiting for you" })
    .getByRole("article")
    .filter({ hasText: "Ready to open" });
  await envelope.getByRole("button", { name: "Open this letter" }).click();
  await expect(alex.getByText("Open this one with your morning chai.")).toBeVisible();

  // Opened, it is no longer announced.
  await alex.goto("/dashboard");
  await expect(countdown).toBeVisible();
  await expect(alex.getByRole("link", { name: /can be opened$/ })).toHaveCount(0);
});
