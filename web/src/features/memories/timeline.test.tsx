import type { Memory } from "@spankbank/shared/contract/memories";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { setMemories, setOnThisDay } from "@/test/handlers/memories";
import { renderApp } from "@/test/renderApp";

/** The board, newest first: seven memories this year (three on 12 March) and one the year before. */
const board: Memory[] = [
  { id: 8, message: "Pumpkin soup", username: "sam_r", created_at: "2026-10-31T19:00:00.000Z" },
  { id: 7, message: "Hot chocolate", username: "alex_d", created_at: "2026-10-02T09:00:00.000Z" },
  { id: 6, message: "Lanterns on the river", username: "sam_r", created_at: "2026-09-01T20:00:00.000Z" },
  { id: 5, message: "Late dinner", username: "sam_r", created_at: "2026-03-12T21:00:00.000Z" },
  { id: 4, message: "Picnic by the lake", username: "alex_d", created_at: "2026-03-12T13:00:00.000Z" },
  { id: 3, message: "Breakfast in bed", username: "sam_r", created_at: "2026-03-12T08:00:00.000Z" },
  { id: 2, message: "Snow day", username: "alex_d", created_at: "2026-01-05T10:00:00.000Z" },
  { id: 1, message: "Our first I love you", username: "alex_d", created_at: "2025-11-22T12:00:00.000Z" },
];

describe("the timeline", { timeout: 30_000 }, () => {
  it("shows the year's days by how many memories each holds; a tap opens the day, each memory linked to its board page", async () => {
    setMemories(board);
    signInAs("alex");
    const { user, router } = renderApp("/timeline");
    await screen.findByRole("heading", { level: 1, name: "Our Timeline" });
    await screen.findByRole("heading", { level: 2, name: "2026" });
    expect(screen.getByText("7 memories")).toBeInTheDocument();
    expect(screen.getByRole("table", { name: /^March/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "5 January 2026: 1 memory" })).toHaveTextContent("51");
    expect(screen.getByRole("button", { name: "6 January 2026: no memories" })).toHaveTextContent(/^6$/);
    // Today is marked, and is the year's one stop in the tab order.
    const today = screen.getByRole("button", { name: "22 November 2026: no memories" });
    expect(today).toHaveAttribute("aria-current", "date");
    expect(today).toHaveAttribute("tabindex", "0");

    const day = screen.getByRole("button", { name: "12 March 2026: 3 memories" });
    await user.click(day);
    await waitFor(() => expect(router.state.location.search).toEqual({ date: "2026-03-12" }));
    const heading = await screen.findByRole("heading", { level: 2, name: "Thursday 12 March 2026" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(day).toHaveAttribute("aria-pressed", "true");
    const messages = screen.getAllByText(/^(Breakfast in bed|Picnic by the lake|Late dinner)$/);
    expect(messages.map((message) => message.textContent)).toEqual([
      "Breakfast in bed",
      "Picnic by the lake",
      "Late dinner",
    ]);
    const links = screen.getAllByRole("link", { name: "See it on the memory board" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/memories?page=2",
      "/memories?page=1",
      "/memories?page=1",
    ]);
    expect(links[0]).toHaveAccessibleDescription("Breakfast in bed");
  });

  it("moves between days with the arrow keys and between months with Page Down", async () => {
    setMemories(board);
    signInAs("alex");
    const { user } = renderApp("/timeline?date=2026-03-12");
    await screen.findByRole("heading", { level: 2, name: "Thursday 12 March 2026" });
    screen.getByRole("button", { name: "12 March 2026: 3 memories" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "13 March 2026: no memories" })).toHaveFocus();
    await user.keyboard("{PageDown}");
    const april = screen.getByRole("button", { name: "13 April 2026: no memories" });
    expect(april).toHaveFocus();
    expect(april).toHaveAttribute("tabindex", "0");
    await user.keyboard("{Enter}");
    await screen.findByRole("heading", { level: 2, name: "Monday 13 April 2026" });
    await screen.findByText("No memories on this day.");
  });

  it("jumps to a date in another year, and changes year with the selector", async () => {
    setMemories(board);
    signInAs("sam");
    const { user, router } = renderApp("/timeline");
    const field = await screen.findByLabelText("Jump to a date");
    await user.type(field, "2025-11-22");
    await user.click(screen.getByRole("button", { name: "Go" }));
    await screen.findByRole("heading", { level: 2, name: "Saturday 22 November 2025" });
    await screen.findByText("Our first I love you");
    await screen.findByRole("heading", { level: 2, name: "2025" });
    expect(screen.getByRole("button", { name: "22 November 2025: 1 memory" })).toHaveAttribute("aria-pressed", "true");

    await user.selectOptions(screen.getByRole("combobox", { name: "Year" }), "2026");
    await screen.findByRole("heading", { level: 2, name: "2026" });
    expect(router.state.location.search).toEqual({ year: 2026 });
    expect(screen.getByText("Tap a day to see its memories, or jump to a date.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous year" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Next year" })).toBeDisabled();
  });

  it("refuses to jump without a date, naming the field's rule", async () => {
    signInAs("sam");
    const { user } = renderApp("/timeline");
    await screen.findByLabelText("Jump to a date");
    await user.click(screen.getByRole("button", { name: "Go" }));
    await screen.findByText("Choose a date between 2000 and 2099");
  });

  it("the dashboard's On this day links each earlier day into the timeline", async () => {
    setMemories(board);
    setOnThisDay({
      date: "2026-11-22",
      memories: [{ ...board.at(-1)!, months_ago: 12 }],
      answers: [],
    });
    signInAs("alex");
    const { user } = renderApp("/dashboard");
    const card = await screen.findByRole("region", { name: "On this day" }, { timeout: 20_000 });
    const link = within(card).getByRole("link", { name: "22 November 2025 in the timeline" });
    expect(link).toHaveAttribute("href", "/timeline?date=2025-11-22");
    await user.click(link);
    await screen.findByRole("heading", { level: 2, name: "Saturday 22 November 2025" });
    await screen.findByText("Our first I love you");
  });
});
