import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionReplyFor } from "@/test/handlers/auth";
import { CityClocks } from "./CityClocks";

const { partners } = sessionReplyFor("alex").couple;

function renderClocksAt(iso: string) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(new Date(iso));
  return render(
    <MantineProvider>
      <CityClocks partners={partners} />
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

  it("ticks every second with one timer for both clocks, and stops it when the panel goes", () => {
    const { unmount } = renderClocksAt("2026-06-01T12:00:00.500Z");
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(500));
    expect(vi.getTimerCount()).toBe(1);
    expect(florida()).toContain("08:00:01 AM");
    act(() => vi.advanceTimersByTime(3000));
    expect(florida()).toContain("08:00:04 AM");
    expect(india()).toContain("05:30:04 PM");
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
