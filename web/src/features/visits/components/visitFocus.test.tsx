import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { aVisit, deletedVisitIds, setVisits } from "@/test/handlers/visits";
import { renderApp } from "@/test/renderApp";

/** Focus somewhere on the page (not fallen to <body> with the control that went away). */
const focusKept = () => document.activeElement !== null && document.activeElement !== document.body;

// The fake server's today is 23 November 2026.
describe("/together by keyboard: the place after an action whose control goes away", { timeout: 30_000 }, () => {
  it("removing a logged visit leaves the keyboard on the page, not on <body>", async () => {
    setVisits([
      aVisit({ id: 1, start_date: "2026-04-01", end_date: "2026-04-05" }),
      aVisit({ id: 2, start_date: "2026-08-10", end_date: "2026-08-20", place: "Oslo" }),
    ]);
    signInAs("alex");
    const { user } = renderApp("/together");
    await screen.findByRole("heading", { level: 1, name: "Until we're together" }, { timeout: 20_000 });
    const remove = await screen.findByRole("button", { name: "Remove the visit, Wed 1 Apr – Sun 5 Apr" });
    remove.focus();
    await user.keyboard("{Enter}");
    const confirm = await screen.findByRole("dialog", { name: "Remove this visit?" });
    within(confirm).getByRole("button", { name: "Yes, remove" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(deletedVisitIds()).toEqual([1]));
    await waitFor(() => expect(screen.queryByText("Wed 1 Apr – Sun 5 Apr")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Mantine gives focus back to the Remove button, which is gone: give it every chance.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(focusKept()).toBe(true);
  });

  it("cancelling the planned visit leaves the keyboard on the page (e.g. on 'Plan our next visit'), not on <body>", async () => {
    setVisits([aVisit({ id: 7, start_date: "2026-12-18", end_date: "2026-12-27", place: "Lisbon" })]);
    signInAs("alex");
    const { user } = renderApp("/together");
    await screen.findByRole("heading", { level: 1, name: "Until we're together" }, { timeout: 20_000 });
    (await screen.findByRole("button", { name: "Cancel visit" })).focus();
    await user.keyboard("{Enter}");
    const confirm = await screen.findByRole("dialog", { name: "Remove this visit?" });
    within(confirm).getByRole("button", { name: "Yes, remove" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(deletedVisitIds()).toEqual([7]));
    await screen.findByRole("button", { name: "Plan our next visit" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(focusKept()).toBe(true);
  });
});
