import { describe, expect, it } from "vitest";
import type { StoryChoice, StoryScene } from "../scenes/types";
import { checkMentions, declarationDrift } from "./storyMentions";

const go = (next: number, text: string, more: Partial<StoryChoice> = {}): StoryChoice => ({
  text,
  next,
  score: 0,
  ...more,
});
const restart: StoryChoice = { text: "Start New Adventure", next: 0, score: 0, restart: true };
const scene = (id: number, text: string, choices: StoryChoice[], more: Partial<StoryScene> = {}): StoryScene => ({
  id,
  text,
  partnerMessage: `Onwards, {me} (${id}).`,
  choices,
  background: "cabin",
  timeOfDay: "night",
  ...more,
});

/** 0 -> 1 (the hut) or 2 (the ice); both lead to 3, inside the hut; 3 -> the ending 4. */
const lake = (hutOnTheIce: boolean): StoryScene[] => [
  scene(0, "Snow everywhere.", [go(1, "Walk on"), go(2, "Slide away")]),
  scene(1, "A little fishing hut stands on the ice.", [go(3, "Go in"), go(2, "Slide on")], {
    introduces: ["hut"],
  }),
  scene(
    2,
    hutOnTheIce ? "They slide past a fishing hut and fall over." : "They slide and fall over.",
    [go(3, "Head for the hut", { mentions: ["hut"] }), go(4, "Go home")],
    hutOnTheIce ? { introduces: ["hut"] } : {},
  ),
  scene(3, "Inside the hut it is warm.", [go(4, "Go home"), go(4, "Stay", { score: 1, gives: ["skates"] })], {
    mentions: ["hut"],
  }),
  scene(4, "Home.", [restart], { ending: true }),
];

describe("checkMentions", () => {
  it("passes a story that meets every thing before a text mentions it", () => {
    expect(checkMentions(lake(true))).toEqual({ unmet: [], rereads: [] });
  });

  it("finds a scene and a choice mentioning a thing one path has not met, with that path", () => {
    expect(checkMentions(lake(false)).unmet).toEqual([
      'scene 2, choice "Head for the hut" mentions hut, unmet on 0 -> 2',
      'scene 3 "Inside the hut it is warm.…" mentions hut, unmet on 0 -> 2 -> 3',
    ]);
  });

  it("counts a thing a choice introduces for that choice and after it", () => {
    const told = lake(false).map((s) =>
      s.id === 2 ? { ...s, choices: [go(3, "Head for a fishing hut", { introduces: ["hut"] }), go(4, "Go home")] } : s,
    );
    expect(checkMentions(told).unmet).toEqual([]);
  });

  it("finds a scene a path reads twice, but not one that reads differently the second time", () => {
    // 3 now leads back to 2 the first time round: 2 -> 3 -> 2 reads 2 again.
    const loop = lake(true).map((s) =>
      s.id === 3 ? { ...s, choices: [go(4, "Go home"), go(2, "Go out again", { lacks: ["skates"] })] } : s,
    );
    expect(checkMentions(loop).rereads).toEqual([
      "scene 2 reads the same again: 0 -> 2 -> 3 -> 2",
      "scene 3 reads the same again: 0 -> 1 -> 3 -> 2 -> 3",
    ]);
    const retold = loop.map((s) =>
      s.id === 3
        ? { ...s, choices: [go(4, "Go home"), go(2, "Take the skates out", { lacks: ["skates"], gives: ["skates"] })] }
        : s.id === 2
          ? { ...s, variants: [{ when: ["skates" as const], text: "They skate past the hut." }] }
          : s,
    );
    // The second visit to 2 reads its variant; 3 still reads the same the second time.
    expect(checkMentions(retold).rereads).toEqual(["scene 3 reads the same again: 0 -> 1 -> 3 -> 2 -> 3"]);
  });
});

describe("declarationDrift", () => {
  it("passes declarations that match their texts' words", () => {
    expect(declarationDrift(lake(true))).toEqual([]);
  });

  it("finds a thing named but not declared, declared but not named, declared twice, and a stray name", () => {
    const drifted = lake(true).map((s) => {
      if (s.id === 0) return { ...s, text: "Snow everywhere. The hut is far away." };
      if (s.id === 1) return { ...s, introduces: ["hut" as const, "sled" as const] };
      if (s.id === 3) return { ...s, introduces: ["hut" as const], text: "Inside the hut Mr Pike waits." };
      return s;
    });
    expect(declarationDrift(drifted)).toEqual([
      "scene 0: names hut undeclared",
      "scene 1: declares sled, not in its text",
      "scene 3: hut twice",
      'scene 3: "Mr" names no thing',
      'scene 3: "Pike" names no thing',
    ]);
  });
});
