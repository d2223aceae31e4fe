import { describe, expect, it } from "vitest";
import type { StoryChoice, StoryScene } from "./scenes/types";
import {
  badChoices,
  badLooks,
  badSceneIds,
  choiceTowardEnding,
  hardCodedNames,
  missingNameTokens,
  missingNextScenes,
  repeatedTexts,
  scenesWithoutWayOut,
  unknownTokens,
  unreachableEndings,
  unreachableScenes,
  walkToEnding,
} from "./storyGraph";

const go = (next: number, text = `Go to ${next}`): StoryChoice => ({ text, next, score: 5, path: "brave" });
const restart: StoryChoice = { text: "Start New Adventure", next: 0, score: 0, path: "home", restart: true };

function scene(id: number, choices: StoryChoice[], ending = false): StoryScene {
  return {
    id,
    text: `Scene ${id}: {me} and {partner} walk on.`,
    partnerMessage: `Onwards from ${id}, {me}!`,
    choices,
    background: "cabin",
    timeOfDay: "night",
    ...(ending ? { ending } : {}),
  };
}

/** 0 -> 1 | 2; 1 -> 3 (ending) | 0; 2 -> 4 (ending) | 1. */
const good: StoryScene[] = [
  scene(0, [go(1), go(2)]),
  scene(1, [go(3), go(0)]),
  scene(2, [go(4), go(1), go(0)]),
  scene(3, [restart], true),
  scene(4, [restart], true),
];
const replace = (id: number, change: Partial<StoryScene>) => good.map((s) => (s.id === id ? { ...s, ...change } : s));

describe("the story graph checks on a small story", () => {
  it("pass a well-formed story", () => {
    expect(missingNextScenes(good)).toEqual([]);
    expect(badSceneIds(good)).toEqual([]);
    expect(unreachableScenes(good)).toEqual([]);
    expect(scenesWithoutWayOut(good)).toEqual([]);
    expect(unreachableEndings(good)).toEqual([]);
    expect(badChoices(good)).toEqual([]);
    expect(badLooks(good)).toEqual([]);
    expect(repeatedTexts(good)).toEqual([]);
    expect(missingNameTokens(good)).toEqual([]);
    expect(hardCodedNames(good)).toEqual([]);
    expect(unknownTokens(good)).toEqual([]);
  });

  it("find a choice leading to a scene that does not exist", () => {
    expect(missingNextScenes(replace(1, { choices: [go(3), go(9)] }))).toEqual(["1 -> 9"]);
  });

  it("find ids outside 0..105, used twice, and a missing start", () => {
    expect(badSceneIds([...good, scene(106, [go(0), go(1)]), scene(2, [go(0), go(1)])])).toEqual([
      "106 is outside 0..105",
      "2 is used twice",
    ]);
    expect(badSceneIds(good.slice(1))).toEqual(["no scene 0"]);
  });

  it("find a scene no choice leads to", () => {
    expect(unreachableScenes([...good, scene(7, [go(3), go(4)])])).toEqual([7]);
  });

  it("find scenes that only go round in circles, and an ending no one reaches", () => {
    // 2 now only leads back to 0 and to 5, which loops on itself: 4 is cut off.
    const trapped = [...replace(2, { choices: [go(5), go(0)] }), scene(5, [go(5, "Again"), go(2)])];
    expect(unreachableEndings(trapped)).toEqual([4]);
    const noWayOut = [...good, scene(5, [go(6), go(5, "Again")]), scene(6, [go(5), go(6, "Again")])];
    expect(scenesWithoutWayOut(noWayOut)).toEqual([5, 6]);
  });

  it("want exactly two endings, each offering only 'Start New Adventure', and 2 or 3 choices elsewhere", () => {
    expect(badChoices(replace(4, { ending: false }))).toEqual([
      "1 endings instead of 2",
      "scene 4 has 1 choices",
      "scene 4 restarts but is no ending",
    ]);
    expect(badChoices(replace(3, { choices: [restart, go(1)] }))).toEqual([
      "ending 3 must offer only 'Start New Adventure'",
    ]);
    expect(badChoices(replace(3, { choices: [{ ...restart, text: "Play again" }] }))).toEqual([
      "ending 3 must offer only 'Start New Adventure'",
    ]);
    expect(badChoices(replace(0, { choices: [go(1)] }))).toEqual(["scene 0 has 1 choices"]);
    expect(badChoices(replace(0, { choices: [go(1), go(2), go(3), go(4)] }))).toEqual(["scene 0 has 4 choices"]);
    expect(badChoices(replace(0, { choices: [go(1), restart] }))).toEqual(["scene 0 restarts but is no ending"]);
    expect(badChoices(replace(0, { choices: [go(1), { ...go(2), score: 2.5 }] }))).toEqual([
      "scene 0: score 2.5 is not a whole number",
    ]);
  });

  it("find a time of day or a background the page does not know", () => {
    const odd = replace(1, { timeOfDay: "midnight" as StoryScene["timeOfDay"], background: "moon" as "cabin" });
    expect(badLooks(odd)).toEqual(["scene 1: time of day midnight", "scene 1: background moon"]);
  });

  it("find a repeated or blank text", () => {
    expect(repeatedTexts(replace(2, { text: good[1]!.text }))).toEqual([good[1]!.text]);
    expect(repeatedTexts(replace(2, { partnerMessage: "  " }))).toEqual(["  "]);
  });

  it("want both name tokens used and no name of the demo couple written in", () => {
    const onlyMe = good.map((s) => ({ ...s, text: `Scene ${s.id} for {me}`, partnerMessage: `Hi ${s.id}` }));
    expect(missingNameTokens(onlyMe)).toEqual(["{partner}"]);
    expect(hardCodedNames(replace(1, { partnerMessage: "Come here, Sam!" }))).toEqual(['Sam in "Come here, Sam!"']);
    expect(hardCodedNames(replace(1, { choices: [go(3, "Wave at alex_d"), go(0)] }))).toEqual([
      'alex_d in "Wave at alex_d"',
    ]);
    // A word that only contains a name is no name.
    expect(hardCodedNames(replace(1, { text: "The same sample, {me} and {partner}." }))).toEqual([]);
    expect(unknownTokens(replace(1, { text: "{you} and {partner}" }))).toEqual(["{you}"]);
  });

  it("find the shortest way to an ending and walk there, leaving a loop by it", () => {
    expect(choiceTowardEnding(good, 0)).toBe(0);
    expect(choiceTowardEnding(good, 3)).toBeUndefined();
    // The first choice of 1 goes back to 0, which was seen: the walk takes the way out instead.
    const loop = replace(1, { choices: [go(0), go(3)] });
    expect(walkToEnding(loop)).toEqual([
      { scene: 0, choice: 0 },
      { scene: 1, choice: 1 },
    ]);
  });
});
