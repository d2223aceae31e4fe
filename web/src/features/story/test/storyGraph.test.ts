import { describe, expect, it } from "vitest";
import type { StoryChoice, StoryScene } from "../scenes/types";
import {
  assumingLines,
  badChoices,
  badLooks,
  badSceneIds,
  exploreStory,
  falseChoices,
  goldenWalk,
  hardCodedNames,
  missingNameTokens,
  missingNextScenes,
  repeatedTexts,
  scenesWithoutWayOut,
  shortestWalkToEnding,
  strayGoldenChoices,
  unknownTokens,
  unreachableEndings,
  unreachableScenes,
} from "./storyGraph";

const go = (next: number, text = `Go to ${next}`, more: Partial<StoryChoice> = {}): StoryChoice => ({
  text,
  next,
  score: 5,
  ...more,
});
const restart: StoryChoice = { text: "Start New Adventure", next: 0, score: 0, restart: true };

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
    expect(missingNextScenes(replace(1, { choices: [go(3), go(9)] }))).toEqual([
      'scene 1, choice "Go to 9" -> 9, no such scene',
    ]);
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

  it("want exactly two endings, each offering only 'Start New Adventure', and 2 choices or more elsewhere", () => {
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

  it("find the shortest way to an ending, through the choices a player is shown", () => {
    expect(shortestWalkToEnding(good)).toEqual([
      { scene: 0, choice: 0, shown: 0 },
      { scene: 1, choice: 0, shown: 0 },
    ]);
    // 1's way to the ending needs the map, which only 2 gives: the walk goes round by 2.
    const mapped = replace(1, { choices: [go(3, "Follow the map", { needs: ["map"] }), go(0), go(2)] }).map((s) =>
      s.id === 2 ? { ...s, choices: [go(1, "Take the map", { gives: ["map"] }), go(0)] } : s,
    );
    expect(shortestWalkToEnding(mapped.filter((s) => s.id !== 4))).toEqual([
      { scene: 0, choice: 1, shown: 1 },
      { scene: 2, choice: 0, shown: 0 },
      { scene: 1, choice: 0, shown: 0 },
    ]);
  });

  it("refuse a walk where a choice shown on the way leads to no scene", () => {
    expect(() => shortestWalkToEnding(replace(0, { choices: [go(9, "Nowhere"), go(1), go(2)] }))).toThrow(
      'scene 0, choice "Nowhere" leads to no scene',
    );
  });

  it("find false choices: two choices of a scene with the same next scene and the same flags", () => {
    expect(falseChoices(good)).toEqual([]);
    expect(falseChoices(replace(0, { choices: [go(1, "Walk"), { ...go(1, "Stroll"), score: -3 }] }))).toEqual([
      '0: "Walk" / "Stroll"',
    ]);
    const different = replace(0, { choices: [go(1, "Walk"), go(1, "Take the map and walk", { gives: ["map"] })] });
    expect(falseChoices(different)).toEqual([]);
  });

  it("find lines that assume the couple's gender, orientation or marriage", () => {
    expect(assumingLines(good)).toEqual([]);
    const lines = [
      "A brave, manly noise.",
      "Totally straight feelings.",
      "That's why I married you.",
      "Go straight on.",
    ];
    expect(assumingLines(replace(1, { text: lines[0]!, partnerMessage: lines[1]! }))).toEqual(lines.slice(0, 2));
    expect(assumingLines(replace(1, { text: lines[2]!, partnerMessage: lines[3]! }))).toEqual([lines[2]]);
  });
});

/** A small story with flags: the key is in 1, the door (2) needs it. Endings 3 and 4. */
const withEnding = (id: number, recalls: StoryScene["recalls"] = []) => ({
  ...scene(id, [restart], true),
  shades: [{ min: 0, text: "Home." }],
  recalls: [
    { flag: "cellarKey" as const, line: "The key." },
    { flag: "lantern" as const, line: "The lantern." },
    ...recalls,
  ],
});
const keyed: StoryScene[] = [
  scene(0, [
    go(1, "Search the shelf"),
    go(2, "Open the door", { needs: ["cellarKey"] }),
    go(3, "Wait", { score: -20 }),
  ]),
  scene(1, [go(2, "Take the key to the door", { gives: ["cellarKey", "lantern"] }), go(3, "Leave it", { score: 10 })]),
  { ...scene(2, [go(4, "Go through", { score: 30 }), go(3, "Turn back")]), needs: ["cellarKey"] },
  withEnding(3),
  withEnding(4),
];

describe("exploreStory", () => {
  it("passes a story whose every path has what each scene needs, and gives each ending's heart span", () => {
    const explored = exploreStory(keyed);
    expect(explored).toMatchObject({ breaks: [], badChoiceCounts: [], stuck: [] });
    // 3: from 30 (0 -> Wait) to 65 (0 -> 1 -> 2 -> 3); 4: only 0 -> 1 -> 2 -> 4 at 90.
    expect(explored.endings).toEqual(
      new Map([
        [3, { low: 30, high: 65 }],
        [4, { low: 90, high: 90 }],
      ]),
    );
  });

  it("finds a scene reached without what it needs, with the path that does it", () => {
    const leaky = keyed.map((s) => (s.id === 0 ? { ...s, choices: [go(1), go(2, "Open the door"), go(3)] } : s));
    expect(exploreStory(leaky).breaks).toEqual(["scene 2 without cellarKey: 0 -> 2"]);
  });

  it("finds a state showing fewer than 2 or more than 3 choices", () => {
    const narrow = keyed.map((s) => (s.id === 0 ? { ...s, choices: s.choices.slice(0, 2) } : s));
    expect(exploreStory(narrow).badChoiceCounts).toEqual(["scene 0 shows 1 choices: 0"]);
    const wide = keyed.map((s) => (s.id === 2 ? { ...s, choices: [...s.choices, go(3, "Sit"), go(4, "Run")] } : s));
    expect(exploreStory(wide).badChoiceCounts).toEqual(["scene 2 shows 4 choices: 0 -> 1 -> 2"]);
  });

  it("finds a state with no way to an ending, and an ending recalling fewer than two things", () => {
    // Without the key, 1 now only leads to 5, whose one way on needs the key.
    const trap = [
      ...keyed.map((s) =>
        s.id === 1 ? { ...s, choices: [go(5, "Peek"), go(2, "Take the key", { gives: ["cellarKey"] })] } : s,
      ),
      scene(5, [go(3, "Unlock", { needs: ["cellarKey"] }), go(5, "Again")]),
    ];
    expect(exploreStory(trap).stuck).toEqual(["stuck at 0 -> 1 -> 5"]);
    // The endings recall the key and the lantern: the new "Take the key" gives only the key.
    expect(exploreStory(trap).shortRecalls).toEqual([
      "ending 3 recalls 0 things: 0 -> 3",
      "ending 4 recalls 1 things: 0 -> 1 -> 2 -> 4",
      "ending 3 recalls 1 things: 0 -> 1 -> 2 -> 3",
    ]);
  });
});

describe("goldenWalk", () => {
  const golden = { path: "golden" as const };
  const labelled = keyed.map((s) => {
    if (s.id === 0) return { ...s, choices: [{ ...s.choices[0]!, ...golden }, ...s.choices.slice(1)] };
    if (s.id === 1) return { ...s, choices: [{ ...s.choices[0]!, ...golden }, s.choices[1]!] };
    if (s.id === 2) return { ...s, choices: [{ ...s.choices[0]!, ...golden }, s.choices[1]!] };
    return s;
  });

  it("follows the one golden choice of each scene to an ending", () => {
    expect(goldenWalk(labelled)).toEqual({
      walk: [
        { scene: 0, choice: 0 },
        { scene: 1, choice: 0 },
        { scene: 2, choice: 0 },
      ],
      score: 90,
      flags: ["cellarKey", "lantern"],
      ending: 4,
    });
    expect(strayGoldenChoices(labelled)).toEqual([]);
  });

  it("refuses a scene with no golden choice or two, and finds golden choices off the path", () => {
    const two = labelled.map((s) => (s.id === 2 ? { ...s, choices: s.choices.map((c) => ({ ...c, ...golden })) } : s));
    expect(() => goldenWalk(two)).toThrow("scene 2 shows 2 golden choices");
    expect(() => goldenWalk(keyed)).toThrow("scene 0 shows 0 golden choices");
    const stray = labelled.map((s) => (s.id === 3 ? { ...s, choices: [{ ...restart, ...golden }] } : s));
    expect(strayGoldenChoices(stray)).toEqual(["3: Start New Adventure"]);
  });
});
