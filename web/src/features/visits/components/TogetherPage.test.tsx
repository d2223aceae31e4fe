import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { aVisit, deletedVisitIds, postedVisitBodies, setVisits, storedVisits } from "@/test/handlers/visits";
import { loseNextAnswer, WRITTEN_ALREADY } from "@/test/keyedWrites";
import { renderApp } from "@/test/renderApp";
import { server } from "@/test/server";

async function openTogether(as: "alex" | "sam" = "alex") {
  signInAs(as);
  const app = renderApp("/together");
  await screen.findByRole("heading", { level: 1, name: "Until we're together" });
  return app;
}

// The fake server's today is 23 November 2026.
describe("/together", { timeout: 20_000 }, () => {
  it("plans the next visit from the empty page, and shows the countdown in both places", async () => {
    const { user } = await openTogether();
    await user.click(await screen.findByRole("button", { name: "Plan our next visit" }));
    const form = await screen.findByRole("dialog", { name: "Plan our next visit" });
    await user.type(within(form).getByLabelText(/First day together/), "2026-12-18");
    await user.type(within(form).getByLabelText(/Last day together/), "2026-12-27");
    await user.type(within(form).getByLabelText("Where"), "Lisbon");
    await user.click(within(form).getByRole("button", { name: "Save visit" }));
    expect(await screen.findByTestId("days-until")).toHaveTextContent("25");
    expect(screen.getByText("days until we're together")).toBeInTheDocument();
    expect(screen.getByText("Fri 18 Dec – Sun 27 Dec · Lisbon")).toBeInTheDocument();
    expect(screen.getByText("India", { exact: false }).closest("p")).toHaveTextContent(
      "India: Mon 23 Nov today, 25 days to go",
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the form, without its field path, and keeps the form open", async () => {
    const { user } = await openTogether();
    await user.click(await screen.findByRole("button", { name: "Plan our next visit" }));
    const form = await screen.findByRole("dialog", { name: "Plan our next visit" });
    await user.type(within(form).getByLabelText(/First day together/), "2026-12-18");
    await user.type(within(form).getByLabelText(/Last day together/), "2026-12-01");
    await user.click(within(form).getByRole("button", { name: "Save visit" }));
    const refusal = await within(form).findByRole("alert");
    expect(refusal).toHaveTextContent("must be on or after start_date");
    expect(refusal).not.toHaveTextContent("end_date:");
    expect(screen.getByRole("dialog", { name: "Plan our next visit" })).toBeInTheDocument();
  });

  it("logs a past visit once when, after a lost answer, its place is corrected and it is saved again: the form closes on the visit as it was saved", async () => {
    const { user } = await openTogether();
    await user.click(await screen.findByRole("button", { name: "Add a past visit" }));
    const form = await screen.findByRole("dialog", { name: "Add a past visit" });
    await user.type(within(form).getByLabelText(/First day together/), "2026-08-10");
    await user.type(within(form).getByLabelText(/Last day together/), "2026-08-20");
    const where = within(form).getByLabelText("Where");
    await user.type(where, "Olso");
    loseNextAnswer();
    await user.click(within(form).getByRole("button", { name: "Save visit" }));
    expect(await within(form).findByRole("alert")).toBeInTheDocument();
    // The partner fixes the typo and saves again.
    await user.clear(where);
    await user.type(where, "Oslo");
    await user.click(within(form).getByRole("button", { name: "Save visit" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(postedVisitBodies()).toHaveLength(2);
    expect(storedVisits()).toEqual([expect.objectContaining({ start_date: "2026-08-10", place: "Olso" })]);
    await screen.findByText(WRITTEN_ALREADY);
    await screen.findByText("Mon 10 Aug – Thu 20 Aug · Olso");
    expect(screen.queryByText("Mon 10 Aug – Thu 20 Aug · Oslo")).not.toBeInTheDocument();

    // Closed: the next past visit is a new one.
    await user.click(screen.getByRole("button", { name: "Add a past visit" }));
    const next = await screen.findByRole("dialog", { name: "Add a past visit" });
    await user.type(within(next).getByLabelText(/First day together/), "2026-04-01");
    await user.type(within(next).getByLabelText(/Last day together/), "2026-04-05");
    await user.click(within(next).getByRole("button", { name: "Save visit" }));
    await screen.findByText("Wed 1 Apr – Sun 5 Apr");
    expect(storedVisits()).toHaveLength(2);
  });

  it("refuses to save over a change Sam made after the form opened, keeps what was typed on top of it, then saves knowingly", async () => {
    setVisits([aVisit({ id: 7, start_date: "2026-12-18", end_date: "2026-12-27", place: "Lisbon" })]);
    const { user } = await openTogether();
    await user.click(await screen.findByRole("button", { name: "Change dates" }));
    const form = await screen.findByRole("dialog", { name: "Change the visit" });
    // Meanwhile, Sam moves the visit and names the place on the other phone.
    const sams = aVisit({ id: 7, start_date: "2026-12-20", end_date: "2026-12-28", place: "Porto" });
    setVisits([{ ...sams, updated_at: "2026-11-23T09:00:00.000Z" }]);
    await user.clear(within(form).getByLabelText(/Last day together/));
    await user.type(within(form).getByLabelText(/Last day together/), "2026-12-30");
    await user.type(within(form).getByLabelText("Note"), "Bring the scarf");
    await user.click(within(form).getByRole("button", { name: "Save visit" }));

    const refusal = await within(form).findByRole("alert");
    await waitFor(() =>
      expect(refusal).toHaveTextContent(
        "This visit was changed since you opened it: nothing was replaced. It now reads Sun 20 Dec – Mon 28 Dec · Porto. What you changed is kept on top of it: Save visit again to keep it, or Cancel to leave theirs.",
      ),
    );
    expect(storedVisits()).toEqual([expect.objectContaining({ end_date: "2026-12-28", note: null })]);
    // What Alex typed stays; what Alex left alone now shows Sam's change.
    expect(within(form).getByLabelText("Note")).toHaveValue("Bring the scarf");
    expect(within(form).getByLabelText(/Last day together/)).toHaveValue("2026-12-30");
    expect(within(form).getByLabelText(/First day together/)).toHaveValue("2026-12-20");
    expect(within(form).getByLabelText("Where")).toHaveValue("Porto");

    await user.click(within(form).getByRole("button", { name: "Save visit" }));
    await waitFor(() =>
      expect(storedVisits()).toEqual([
        expect.objectContaining({
          start_date: "2026-12-20",
          end_date: "2026-12-30",
          place: "Porto",
          note: "Bring the scarf",
        }),
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says to open the form again when the version that replaced the one it showed is not on this page", async () => {
    // Ten visits lived in 2025 fill the log's first page.
    const lived = Array.from({ length: 10 }, (_, i) =>
      aVisit({
        id: 20 + i,
        start_date: `2025-${String(i + 1).padStart(2, "0")}-01`,
        end_date: `2025-${String(i + 1).padStart(2, "0")}-05`,
      }),
    );
    setVisits([aVisit({ id: 7, start_date: "2026-12-18", end_date: "2026-12-27", place: "Lisbon" }), ...lived]);
    const { user } = await openTogether();
    await user.click(await screen.findByRole("button", { name: "Change dates" }));
    const form = await screen.findByRole("dialog", { name: "Change the visit" });
    // Meanwhile Sam turns it into a visit of 2020: it now sits on the log's second page.
    const sams = aVisit({ id: 7, start_date: "2020-02-01", end_date: "2020-02-05", place: "Lisbon" });
    setVisits([{ ...sams, updated_at: "2026-11-23T09:00:00.000Z" }, ...lived]);
    await user.type(within(form).getByLabelText("Note"), "Bring the scarf");
    await user.click(within(form).getByRole("button", { name: "Save visit" }));

    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "This visit was changed since you opened it: nothing was replaced. Close this and open it again to see what changed.",
    );
    expect(within(form).getByLabelText("Note")).toHaveValue("Bring the scarf");
  });

  it("keeps the page, and the form with what was typed, when reading the visits again fails", async () => {
    setVisits([aVisit({ id: 7, start_date: "2026-12-18", end_date: "2026-12-27", place: "Lisbon" })]);
    const { user } = await openTogether();
    await user.click(await screen.findByRole("button", { name: "Change dates" }));
    const form = await screen.findByRole("dialog", { name: "Change the visit" });
    setVisits([
      {
        ...aVisit({ id: 7, start_date: "2026-12-20", end_date: "2026-12-28" }),
        updated_at: "2026-11-23T09:00:00.000Z",
      },
    ]);
    // The server goes down for its restart: the read after the refusal fails, retries included.
    let reads = 0;
    server.use(
      http.get("/api/visits", () => {
        reads += 1;
        return HttpResponse.json(
          { statusCode: 503, error: "Service Unavailable", message: "Restarting" },
          { status: 503 },
        );
      }),
    );
    await user.type(within(form).getByLabelText("Note"), "Bring the scarf");
    await user.click(within(form).getByRole("button", { name: "Save visit" }));

    await waitFor(() => expect(reads).toBe(3), { timeout: 8_000 });
    expect(await within(form).findByRole("alert")).toHaveTextContent("This visit was changed since you opened it");
    expect(screen.queryByText("Could not load your visits. Please try again later.")).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Change the visit" })).toBeInTheDocument();
    expect(within(form).getByLabelText("Note")).toHaveValue("Bring the scarf");
  });

  it("lists the in-person favours waiting and the log with days apart, and removes a logged visit after asking", async () => {
    setVisits(
      [
        aVisit({ id: 1, start_date: "2026-04-01", end_date: "2026-04-05" }),
        aVisit({ id: 2, start_date: "2026-08-10", end_date: "2026-08-20", place: "Oslo", days_apart_before: 127 }),
        aVisit({ id: 3, start_date: "2026-06-13", end_date: "2026-06-13", place: "Bergen" }),
      ],
      [{ id: 9, name: "Slow dance", description: "In the kitchen", quantity: 2, owner: "alex", seller: "sam" }],
    );
    const { user } = await openTogether("sam");
    const waiting = (await screen.findByRole("heading", { name: "Waiting for the visit" })).closest("section")!;
    expect(within(waiting).getByRole("heading", { level: 3, name: "Slow dance" })).toBeInTheDocument();
    expect(within(waiting).getByText("For Alex, from Sam")).toBeInTheDocument();
    expect(screen.getByText("95 days apart since Thu 20 Aug")).toBeInTheDocument();
    expect(screen.getByText("after 127 days apart")).toBeInTheDocument();
    // A visit of one day says its day once.
    expect(screen.getByText("Sat 13 Jun · Bergen")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove the visit, Wed 1 Apr – Sun 5 Apr" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove this visit?" });
    await user.click(within(confirm).getByRole("button", { name: "Yes, remove" }));
    await waitFor(() => expect(deletedVisitIds()).toEqual([1]));
    await waitFor(() => expect(screen.queryByText("Wed 1 Apr – Sun 5 Apr")).not.toBeInTheDocument());
  });

  it("keeps a visit the other partner changed since the page showed it: nothing is removed, and the page says so", async () => {
    setVisits([aVisit({ id: 1, start_date: "2026-04-01", end_date: "2026-04-05" })]);
    const { user } = await openTogether("sam");
    await user.click(await screen.findByRole("button", { name: "Remove the visit, Wed 1 Apr – Sun 5 Apr" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove this visit?" });
    // Meanwhile Alex adds a note to it on the phone.
    setVisits([
      aVisit({
        id: 1,
        start_date: "2026-04-01",
        end_date: "2026-04-05",
        note: "Our first trip",
        updated_at: "2026-11-23T09:00:00.000Z",
      }),
    ]);
    await user.click(within(confirm).getByRole("button", { name: "Yes, remove" }));
    expect(
      await screen.findByText(
        "This visit was changed since you opened it: nothing was removed. Look at it again, then remove it if you still want to.",
      ),
    ).toBeInTheDocument();
    expect(deletedVisitIds()).toEqual([]);
    expect(storedVisits()).toHaveLength(1);
  });
});

describe("/together: days apart on the log's second page", { timeout: 60_000 }, () => {
  it("still counts from the last visit's end, not from the first visit listed on the page", async () => {
    const visits = Array.from({ length: 12 }, (_, i) => {
      const month = String(i + 1).padStart(2, "0");
      return aVisit({ id: i + 1, start_date: `2025-${month}-01`, end_date: `2025-${month}-03` });
    });
    // The last visit ended on Thu 3 Sep 2026: 81 days before today.
    visits.push(aVisit({ id: 13, start_date: "2026-09-01", end_date: "2026-09-03" }));
    setVisits(visits);
    signInAs("alex");
    const { user } = renderApp("/together");
    expect(await screen.findByText(/^81 days apart since Thu 3 Sept?$/)).toBeInTheDocument();

    // Alex pages the log to its second page (March 2025 and older): the countdown above must not move.
    await user.click(await screen.findByRole("button", { name: "Page 2" }));
    await screen.findByText("Sat 1 Mar 2025 – Mon 3 Mar 2025");
    // Not from the end of the first visit on page 2 (Mon 3 Mar 2025).
    expect(screen.getByText(/^81 days apart since/)).toHaveTextContent(/^81 days apart since Thu 3 Sept?$/);
  });
});
