import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionReplyFor, signInAs } from "@/test/handlers/auth";
import { renderApp } from "@/test/renderApp";
import { CityClocks } from "./CityClocks";

const { partners } = sessionReplyFor("alex").couple;

function renderClocksAt(iso: string) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(new Date(iso));
  return render(
    <MantineProvider>
      <CityClocks partners={partners} me="alex" />
    </MantineProvider>,
  );
}

/** "Sunday, March 8, 2026 01:59:58 AM" as the city's panel shows it. */
const clock = (city: string) =>
  `${screen.getByTestId(`date-${city}`).textContent} ${screen.getByTestId(`clock-${city}`).textContent}`;
const florida = () => clock("Florida");
const india = () => clock("India");

afterEach(() => {
  vi.useRealTimers();
});

describe("the two-city clocks", () => {
  it("springs forward in Florida at 2 AM on 8 March 2026 while India ticks on", () => {
    renderClocksAt("2026-03-08T06:59:58.000Z");
    expect(florida()).toBe("Sunday, March 8, 2026 01:59:58 AM");
    expect(india()).toBe("Sunday, March 8, 2026 12:29:58 PM");
    act(() => vi.advanceTimersByTime(2000));
    expect(florida()).toBe("Sunday, March 8, 2026 03:00:00 AM");
    expect(india()).toBe("Sunday, March 8, 2026 12:30:00 PM");
  });

  it("falls back in Florida at 2 AM on 1 November 2026, showing 1 AM twice", () => {
    renderClocksAt("2026-11-01T05:59:59.000Z");
    expect(florida()).toBe("Sunday, November 1, 2026 01:59:59 AM");
    act(() => vi.advanceTimersByTime(1000));
    expect(florida()).toBe("Sunday, November 1, 2026 01:00:00 AM");
  });

  it("turns Florida's date over at its midnight, on the tick that shows 12:00:00 AM", () => {
    renderClocksAt("2026-06-01T03:59:59.000Z");
    expect(florida()).toBe("Sunday, May 31, 2026 11:59:59 PM");
    act(() => vi.advanceTimersByTime(1000));
    expect(florida()).toBe("Monday, June 1, 2026 12:00:00 AM");
  });

  it("ticks every second with one timer for both clocks, moves the panel on the minute, and stops both when it goes", () => {
    const { unmount } = renderClocksAt("2026-06-01T12:00:00.500Z");
    // One for the seconds of both clocks, one for the panel's minute.
    expect(vi.getTimerCount()).toBe(2);
    act(() => vi.advanceTimersByTime(500));
    expect(vi.getTimerCount()).toBe(2);
    expect(florida()).toContain("08:00:01 AM");
    act(() => vi.advanceTimersByTime(3000));
    expect(florida()).toContain("08:00:04 AM");
    expect(india()).toContain("05:30:04 PM");
    expect(vi.getTimerCount()).toBe(2);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("each other's day on the dashboard clocks", () => {
  async function dashboardAt(who: "alex" | "sam", iso: string) {
    // Only the date is faked: the app's requests (msw) and waits keep real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(iso));
    signInAs(who);
    renderApp("/dashboard");
    return screen.findByTestId("both-awake");
  }

  it("tells Alex that Sam is asleep the night Florida springs forward, and when both are awake in both local times", async () => {
    // Sunday 8 March 2026, 05:00 UTC: midnight in Florida, 10:30 AM in India.
    const bothAwake = await dashboardAt("alex", "2026-03-08T05:00:00.000Z");
    expect(screen.getByTestId("state-Florida")).toHaveTextContent("Sam is probably asleep");
    expect(screen.queryByTestId("state-India")).not.toBeInTheDocument();
    expect(bothAwake).toHaveTextContent("Both awake next: 4:00 PM–11:30 PM in India, 6:30 AM–2:00 PM in Florida");
  });

  it("tells Sam that Alex is at work on a Monday in India, while both are awake after Florida falls back", async () => {
    // Monday 2 November 2026, 12:30 UTC: 7:30 AM in Florida (EST since Sunday), 6:00 PM in India.
    const bothAwake = await dashboardAt("sam", "2026-11-02T12:30:00.000Z");
    expect(screen.getByTestId("state-India")).toHaveTextContent("Alex is at work");
    expect(bothAwake).toHaveTextContent("Both awake now until 1:00 PM in Florida, 11:30 PM in India");
  });
});
