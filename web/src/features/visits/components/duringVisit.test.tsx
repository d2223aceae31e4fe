import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { aVisit, setVisits } from "@/test/handlers/visits";
import { renderApp } from "@/test/renderApp";

// The fake server's today is 23 November 2026.
describe("/together during a visit", { timeout: 30_000 }, () => {
  it("still lets either partner plan the next visit (README: either of you plans the next visit, there or /visit in Discord)", async () => {
    // Together now: 20 to 26 November. Nothing planned after it yet.
    setVisits([aVisit({ id: 3, start_date: "2026-11-20", end_date: "2026-11-26", place: "Lisbon" })]);
    signInAs("alex");
    renderApp("/together");
    await screen.findByRole("heading", { level: 1, name: "Until we're together" }, { timeout: 20_000 });
    await screen.findByText("You're together now: day 4 of 7 (until Thu 26 Nov)");
    // The bot's /visit plans one now; the page offers no way to.
    expect(screen.queryByRole("button", { name: "Plan our next visit" })).toBeInTheDocument();
  });

  it("shows the next visit already planned, and lets it be changed or cancelled", async () => {
    setVisits([
      aVisit({ id: 3, start_date: "2026-11-20", end_date: "2026-11-26", place: "Lisbon" }),
      aVisit({ id: 4, start_date: "2026-12-18", end_date: "2026-12-27", place: "Porto" }),
    ]);
    signInAs("alex");
    renderApp("/together");
    await screen.findByText("You're together now: day 4 of 7 (until Thu 26 Nov)", {}, { timeout: 20_000 });
    expect(screen.queryByText(/Fri 18 Dec – Sun 27 Dec · Porto/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change dates" })).toBeInTheDocument();
  });
});
