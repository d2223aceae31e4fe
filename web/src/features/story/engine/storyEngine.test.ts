import { describe, expect, it } from "vitest";
import type { StoryChoice } from "../scenes/types";
import { newAdventure, type StoryState, storyReducer } from "./storyEngine";

const choice = (next: number, score: number): StoryChoice => ({ text: `To ${next}`, next, score, path: "tender" });
const choose = (state: StoryState, index: number, picked: StoryChoice) =>
  storyReducer(state, { type: "choose", index, choice: picked });

describe("storyReducer", () => {
  it("starts at scene 0 with a heart score of 50 and no history", () => {
    expect(newAdventure).toEqual({ scene: 0, score: 50, history: [], pendingScene: null });
  });

  it("appends {scene, choice} to the history, adds the score and moves only on arrival", () => {
    const chosen = choose(newAdventure, 1, choice(7, 10));
    expect(chosen).toEqual({ scene: 0, score: 60, history: [{ scene: 0, choice: 1 }], pendingScene: 7 });
    const arrived = storyReducer(chosen, { type: "arrive" });
    expect(arrived).toEqual({ scene: 7, score: 60, history: [{ scene: 0, choice: 1 }], pendingScene: null });
    const again = storyReducer(choose(arrived, 0, choice(9, -5)), { type: "arrive" });
    expect(again.history).toEqual([
      { scene: 0, choice: 1 },
      { scene: 7, choice: 0 },
    ]);
    expect(again).toMatchObject({ scene: 9, score: 55 });
  });

  it("clamps the heart score to 0..100", () => {
    const high = { ...newAdventure, score: 95 };
    expect(choose(high, 0, choice(1, 20)).score).toBe(100);
    const low = { ...newAdventure, score: 3 };
    expect(choose(low, 0, choice(1, -10)).score).toBe(0);
  });

  it("ignores a choice made during the move", () => {
    const moving = choose(newAdventure, 0, choice(4, 5));
    expect(choose(moving, 1, choice(8, 30))).toBe(moving);
  });

  it("ignores an arrival with no move under way", () => {
    expect(storyReducer(newAdventure, { type: "arrive" })).toBe(newAdventure);
  });

  it("starts a new adventure on restart and on an ending's restart choice", () => {
    const played: StoryState = { scene: 42, score: 85, history: [{ scene: 0, choice: 1 }], pendingScene: null };
    expect(storyReducer(played, { type: "restart" })).toEqual(newAdventure);
    const startOver: StoryChoice = { text: "Start New Adventure", next: 0, score: 0, path: "home", restart: true };
    expect(choose(played, 0, startOver)).toEqual(newAdventure);
  });
});
