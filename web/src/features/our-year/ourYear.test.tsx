import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "@/test/handlers/auth";
import { aYear, setOurYear } from "@/test/handlers/ourYear";
import { renderApp } from "@/test/renderApp";

async function ourYearAs(who: "alex" | "sam", path = "/our-year") {
  signInAs(who);
  const app = renderApp(path);
  // The first render of a file loads the whole app: on a busy machine that can pass the usual wait.
  await screen.findByRole("heading", { level: 1, name: "Our year, in pictures" }, { timeout: 20_000 });
  return app;
}

const year2026 = aYear({
  partners: {
    alex: { memories: 3, answers: 40, workouts: 2, earned: 120, spent: 0, donated: 5 },
    sam: { memories: 1, answers: 38, workouts: 1, earned: 80, spent: 40, donated: 0 },
  },
  months: aYear().months.map((m) =>
    m.month === 3 ? { ...m, memories: [3, 1], answers: [40, 38], both_answered: 37 } : m,
  ),
  weeks: aYear().weeks.map((w) => (w.week === 1 ? { ...w, workouts: [2, 1] } : w)),
  streak: { best: 12, current: 4, asked: 45, both_answered: 37 },
  days: { together: 13, apart: 168, planned: 9, visits: 3 },
});

/** The chart section titled `title`: its sentence and its table for screen readers. */
const section = (title: string) => screen.getByRole("region", { name: title });

describe("/our-year", { timeout: 30_000 }, () => {
  it("pictures the year with each chart's sentence and table, partners by name, the reader first", async () => {
    setOurYear(2026, year2026);
    await ourYearAs("sam");
    expect(
      await screen.findByText("2026 so far: 4 memories, 78 answers, 3 workouts and 13 days together."),
    ).toBeInTheDocument();

    const memories = section("Memories we kept");
    expect(
      within(memories).getByText("4 memories saved (Sam 1 and Alex 3); Mar held the most, 4."),
    ).toBeInTheDocument();
    const table = within(memories).getByRole("table", { name: "Memories saved each month of 2026" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Month", "Sam", "Alex"]);
    expect(within(table).getByRole("row", { name: "Mar 1 3" })).toBeInTheDocument();

    expect(
      within(section("Questions we answered")).getByText(
        "Answers given: Sam 38 and Alex 40. You both answered 37 of 45 daily questions; your best streak this year was 12 days in a row (4 right now).",
      ),
    ).toBeInTheDocument();
    const spanks = section("Spanks earned, spent and donated");
    expect(
      within(spanks).getByText("Sam earned 80, spent 40 and donated 0; Alex earned 120, spent 0 and donated 5 spanks."),
    ).toBeInTheDocument();
    expect(within(spanks).getByRole("row", { name: "Sam 80 40 0" })).toBeInTheDocument();
    expect(
      within(section("Workouts, week by week")).getByText(
        "3 workouts logged (Sam 1 and Alex 2); the busiest week began 5 Jan, with 3.",
      ),
    ).toBeInTheDocument();
    expect(
      within(section("Together and apart")).getByText(
        "13 days together and 168 days apart in 2026, over 3 visits. 9 more days together planned.",
      ),
    ).toBeInTheDocument();
  });

  it("offers the years with data and shows the one chosen, with its address", async () => {
    setOurYear(2026, year2026);
    setOurYear(2025, aYear({ days: { together: 20, apart: 345, planned: 0, visits: 2 } }));
    const { user, router } = await ourYearAs("alex");
    const select = await screen.findByRole("combobox", { name: "Year" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["2026", "2025"]);
    await user.selectOptions(select, "2025");
    await screen.findByText("20 days together and 345 days apart in 2025, over 2 visits.");
    expect(screen.getByText("2025: 0 memories, 0 answers, 0 workouts and 20 days together.")).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ year: 2025 });
  });

  it("says so kindly when a year is empty", async () => {
    await ourYearAs("alex", "/our-year?year=2026");
    await screen.findByText("No memories saved in 2026 yet.");
    expect(screen.getByText("No workouts logged in 2026 yet.")).toBeInTheDocument();
  });
});
