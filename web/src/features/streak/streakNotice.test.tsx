import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { setStreak } from "@/test/handlers/streak";
import { renderApp } from "@/test/renderApp";

async function dashboardAs(who: "alex" | "sam") {
  signInAs(who);
  renderApp("/dashboard");
  // The first render of a file loads the whole app: on a busy machine that can pass the usual wait.
  await screen.findByRole("heading", { level: 1 }, { timeout: 20_000 });
}

describe("the dashboard's streak line", { timeout: 30_000 }, () => {
  it("says the days in a row you've both answered, with the best when it is more, linked to the Q&A", async () => {
    setStreak({ current: 12, best: 30, answered_today: true });
    await dashboardAs("sam");
    const link = await screen.findByRole("link", { name: "12 days in a row you've both answered (best: 30)" });
    expect(link).toHaveAttribute("href", "/allquestions");
  });

  it("invites you to start one when there is none", async () => {
    await dashboardAs("alex");
    expect(
      await screen.findByRole("link", { name: "Answer today's question together to start a streak" }),
    ).toBeInTheDocument();
  });

  it("says 1 day, without a best equal to it", async () => {
    setStreak({ current: 1, best: 1, answered_today: true });
    await dashboardAs("alex");
    await screen.findByRole("link", { name: "1 day in a row you've both answered" });
  });

  it("says the streak freezes left this month when the settings grant some", async () => {
    setStreak({ current: 12, best: 12, answered_today: false, freezes_left: 1 });
    await dashboardAs("sam");
    expect(
      await screen.findByRole("link", {
        name: "12 days in a row you've both answered · 1 streak freeze left this month",
      }),
    ).toBeInTheDocument();
  });

  it("says when none are left", async () => {
    setStreak({ current: 3, best: 5, answered_today: true, freezes_left: 0 });
    await dashboardAs("alex");
    expect(
      await screen.findByRole("link", {
        name: "3 days in a row you've both answered (best: 5) · No streak freezes left this month",
      }),
    ).toBeInTheDocument();
  });
});
