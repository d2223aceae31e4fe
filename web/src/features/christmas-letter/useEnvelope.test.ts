import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useEnvelope } from "./useEnvelope";

/** jsdom answers matchMedia from the test setup; here each test says what the reader prefers. */
function prefersReducedMotion(reduce: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes("prefers-reduced-motion: reduce"),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const steps = (result: { current: ReturnType<typeof useEnvelope> }) => result.current.state;
/** Each timer is set by an effect after the step before it renders: one act per step. */
const wait = (...steps: number[]) => {
  for (const ms of steps) act(() => vi.advanceTimersByTime(ms));
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the envelope", () => {
  it("flips for 1.5 s, opens the flap in 500 ms, then slides the letter up in three 300 ms stages", () => {
    prefersReducedMotion(false);
    const { result } = renderHook(() => useEnvelope());
    expect(result.current.look.isClosed).toBe(true);
    act(() => result.current.open());
    expect(steps(result)).toEqual({ step: 1, moving: "opening" });
    expect(result.current.look.backShown).toBe(false);
    wait(1499);
    expect(steps(result).step).toBe(1);
    wait(1);
    expect(steps(result)).toEqual({ step: 2, moving: "opening" });
    expect(result.current.look).toMatchObject({ backShown: true, flapOpen: true, letterShown: false });
    wait(499);
    expect(steps(result).step).toBe(2);
    wait(1);
    expect(steps(result).step).toBe(3);
    expect(result.current.look).toMatchObject({ letterShown: true, letterStage: 1 });
    wait(300);
    expect(steps(result).step).toBe(4);
    wait(300);
    expect(steps(result)).toEqual({ step: 5, moving: "opening" });
    expect(result.current.look.isOpen).toBe(false);
    wait(300);
    expect(steps(result)).toEqual({ step: 5, moving: null });
    expect(result.current.look).toMatchObject({ isOpen: true, letterStage: 3 });
  });

  it("closes by walking every step back: three 300 ms slides, the flap in 500 ms, the flip in 1.5 s", () => {
    prefersReducedMotion(false);
    const { result } = renderHook(() => useEnvelope());
    act(() => result.current.open());
    wait(1500, 500, 300, 300, 300);
    expect(result.current.look.isOpen).toBe(true);

    act(() => result.current.close());
    const seen = [steps(result).step];
    for (const ms of [300, 300, 300, 500]) {
      wait(ms);
      seen.push(steps(result).step);
    }
    expect(seen).toEqual([4, 3, 2, 1, 0]);
    expect(steps(result).moving).toBe("closing");
    expect(result.current.look.backShown).toBe(false);
    wait(1499);
    expect(result.current.look.isClosed).toBe(false);
    wait(1);
    expect(steps(result)).toEqual({ step: 0, moving: null });
    expect(result.current.look.isClosed).toBe(true);
  });

  it("ignores clicks while it moves", () => {
    prefersReducedMotion(false);
    const { result } = renderHook(() => useEnvelope());
    act(() => result.current.open());
    wait(700);
    act(() => result.current.open());
    act(() => result.current.close());
    expect(steps(result)).toEqual({ step: 1, moving: "opening" });
    wait(800, 500, 300, 300, 300);
    expect(result.current.look.isOpen).toBe(true);

    act(() => result.current.close());
    wait(400);
    act(() => result.current.open());
    act(() => result.current.close());
    expect(steps(result)).toEqual({ step: 3, moving: "closing" });
    wait(300, 300, 500, 1500);
    expect(result.current.look.isClosed).toBe(true);
  });

  it("goes straight to open and to closed for a reader who prefers reduced motion", () => {
    prefersReducedMotion(true);
    const { result } = renderHook(() => useEnvelope());
    act(() => result.current.open());
    expect(steps(result)).toEqual({ step: 5, moving: null });
    expect(result.current.look).toMatchObject({ isOpen: true, backShown: true, letterShown: true });
    act(() => result.current.close());
    expect(steps(result)).toEqual({ step: 0, moving: null });
    expect(vi.getTimerCount()).toBe(0);
  });
});
