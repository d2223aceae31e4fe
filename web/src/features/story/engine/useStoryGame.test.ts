import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoryScene } from "../scenes/types";
import { progressKey, useStoryGame } from "./useStoryGame";

const scene = (id: number, next: number[]): StoryScene => ({
  id,
  text: `Scene ${id}`,
  partnerMessage: `Message ${id}`,
  choices: next.map((to) => ({ text: `To ${to}`, next: to, score: 10, path: "brave" })),
  background: "cabin",
  timeOfDay: "night",
});
const story = [scene(0, [1, 2]), scene(1, [2, 0]), scene(2, [0, 1])];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useStoryGame", () => {
  it("moves to the chosen scene after 300 ms and ignores choices meanwhile", () => {
    const { result } = renderHook(() => useStoryGame(story, "alex"));
    act(() => result.current.choose(1));
    expect(result.current.moving).toBe(true);
    act(() => result.current.choose(0));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.state.scene).toBe(0);
    expect(result.current.scene.id).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toEqual({
      scene: 2,
      score: 60,
      history: [{ scene: 0, choice: 1 }],
      pendingScene: null,
    });
    expect(result.current.moving).toBe(false);
  });

  it("keeps each partner's progress through a reload", () => {
    const alex = renderHook(() => useStoryGame(story, "alex"));
    act(() => alex.result.current.choose(0));
    act(() => vi.advanceTimersByTime(300));
    alex.unmount();

    const reloaded = renderHook(() => useStoryGame(story, "alex"));
    expect(reloaded.result.current.state).toMatchObject({ scene: 1, score: 60 });
    const sam = renderHook(() => useStoryGame(story, "sam"));
    expect(sam.result.current.state).toMatchObject({ scene: 0, score: 50, history: [] });
  });

  it("lands on the next scene when the page reloads mid-move", () => {
    const first = renderHook(() => useStoryGame(story, "alex"));
    act(() => first.result.current.choose(1));
    first.unmount();
    expect(renderHook(() => useStoryGame(story, "alex")).result.current.state).toMatchObject({
      scene: 2,
      pendingScene: null,
    });
  });

  it("starts a new adventure when the saved progress is unreadable or names a scene no longer there", () => {
    localStorage.setItem(progressKey("alex"), "{not json");
    expect(renderHook(() => useStoryGame(story, "alex")).result.current.state.scene).toBe(0);
    localStorage.setItem(progressKey("sam"), JSON.stringify({ scene: 77, score: 40, history: [], pendingScene: null }));
    expect(renderHook(() => useStoryGame(story, "sam")).result.current.state).toMatchObject({ scene: 0, score: 50 });
  });

  it("restarts at scene 0 with score 50 and an empty history", () => {
    const { result } = renderHook(() => useStoryGame(story, "alex"));
    act(() => result.current.choose(0));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.restart());
    expect(result.current.state).toEqual({ scene: 0, score: 50, history: [], pendingScene: null });
  });
});
