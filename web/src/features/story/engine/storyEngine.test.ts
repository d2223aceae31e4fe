import { describe, expect, it } from "vitest";
import type { StoryChoice, StoryScene } from "../scenes/types";
import { newAdventure, type StoryState, sceneView, storyReducer } from "./storyEngine";

const choice = (next: number, score: number, more: Partial<StoryChoice> = {}): StoryChoice => ({
  text: `To ${next}`,
  next,
  score,
  ...more,
});
const choose = (state: StoryState, index: number, picked: StoryChoice) =>
  storyReducer(state, { type: "choose", index, choice: picked });

describe("storyReducer", () => {
  it("starts at scene 0 with a heart score of 50, no history and no flags", () => {
    expect(newAdventure).toEqual({ scene: 0, score: 50, history: [], flags: [], pendingScene: null });
  });

  it("appends {scene, choice} to the history, adds the score and moves only on arrival", () => {
    const chosen = choose(newAdventure, 1, choice(7, 10));
    expect(chosen).toEqual({ scene: 0, score: 60, history: [{ scene: 0, choice: 1 }], flags: [], pendingScene: 7 });
    const arrived = storyReducer(chosen, { type: "arrive" });
    expect(arrived).toEqual({ scene: 7, score: 60, history: [{ scene: 0, choice: 1 }], flags: [], pendingScene: null });
    const again = storyReducer(choose(arrived, 0, choice(9, -5)), { type: "arrive" });
    expect(again.history).toEqual([
      { scene: 0, choice: 1 },
      { scene: 7, choice: 0 },
    ]);
    expect(again).toMatchObject({ scene: 9, score: 55 });
  });

  it("remembers the flags a choice gives, once each", () => {
    const keyed = choose(newAdventure, 0, choice(5, 0, { gives: ["lantern", "cellarKey"] }));
    expect(keyed.flags).toEqual(["cellarKey", "lantern"]);
    const arrived = storyReducer(keyed, { type: "arrive" });
    expect(choose(arrived, 1, choice(6, 0, { gives: ["cellarKey", "map"] })).flags).toEqual([
      "cellarKey",
      "lantern",
      "map",
    ]);
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

  it("starts a new adventure, flags forgotten, on restart and on an ending's restart choice", () => {
    const played: StoryState = {
      scene: 42,
      score: 85,
      history: [{ scene: 0, choice: 1 }],
      flags: ["map"],
      pendingScene: null,
    };
    expect(storyReducer(played, { type: "restart" })).toEqual(newAdventure);
    const startOver: StoryChoice = { text: "Start New Adventure", next: 0, score: 0, restart: true };
    expect(choose(played, 0, startOver)).toEqual(newAdventure);
  });
});

describe("sceneView", () => {
  const door: StoryScene = {
    id: 3,
    text: "A locked door.",
    partnerMessage: "Locked.",
    variants: [
      { when: ["cellarKey", "lantern"], text: "The door, the key and a light.", partnerMessage: "Let's go." },
      { when: ["cellarKey"], text: "The door and the key." },
    ],
    choices: [
      choice(4, 1, { text: "Open it", needs: ["cellarKey"] }),
      choice(5, 0, { text: "Look for the key", lacks: ["cellarKey"] }),
      choice(6, 0, { text: "Sit down" }),
    ],
    background: "cabin",
    timeOfDay: "night",
  };

  it("shows the choices whose needs are met and hides those that lack what is remembered, keeping their indices", () => {
    expect(sceneView(door, [], 50).choices).toEqual([
      { choice: door.choices[1], index: 1 },
      { choice: door.choices[2], index: 2 },
    ]);
    expect(sceneView(door, ["cellarKey"], 50).choices).toEqual([
      { choice: door.choices[0], index: 0 },
      { choice: door.choices[2], index: 2 },
    ]);
  });

  it("tells the scene by the first variant whose flags are all remembered", () => {
    expect(sceneView(door, [], 50)).toMatchObject({ text: "A locked door.", partnerMessage: "Locked." });
    expect(sceneView(door, ["cellarKey"], 50)).toMatchObject({
      text: "The door and the key.",
      partnerMessage: "Locked.",
    });
    expect(sceneView(door, ["lantern", "cellarKey"], 50)).toMatchObject({
      text: "The door, the key and a light.",
      partnerMessage: "Let's go.",
    });
  });

  it("tells an ending by the heart score's shade and recalls up to three things the player did, in order", () => {
    const ending: StoryScene = {
      id: 9,
      text: "Home.",
      partnerMessage: "We did it.",
      shades: [
        { min: 80, text: "Glowing." },
        { min: 55, text: "Content.", partnerMessage: "Not bad." },
        { min: 0, text: "Quiet." },
      ],
      recalls: [
        { flag: "initials", line: "Initials." },
        { flag: "danced", line: "Danced." },
        { flag: "map", line: "Map." },
        { flag: "lantern", line: "Lantern." },
      ],
      choices: [{ text: "Start New Adventure", next: 0, score: 0, restart: true }],
      background: "village",
      timeOfDay: "night",
      ending: true,
    };
    expect(sceneView(ending, ["lantern", "map"], 100)).toMatchObject({
      text: "Home. Glowing.",
      partnerMessage: "We did it.",
      recalls: ["Map.", "Lantern."],
    });
    expect(sceneView(ending, ["danced", "initials", "lantern", "map"], 80).recalls).toEqual([
      "Initials.",
      "Danced.",
      "Map.",
    ]);
    expect(sceneView(ending, [], 79)).toMatchObject({ text: "Home. Content.", partnerMessage: "Not bad." });
    expect(sceneView(ending, [], 54).text).toBe("Home. Quiet.");
    expect(sceneView(ending, [], 0).text).toBe("Home. Quiet.");
  });
});
