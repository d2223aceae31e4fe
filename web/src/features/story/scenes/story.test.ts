import { storyProgress } from "@spankbank/shared/contract/story";
import { describe, expect, it } from "vitest";
import { sceneView } from "../engine/storyEngine";
import {
  assumingLines,
  badChoices,
  badLooks,
  badSceneIds,
  endingsOf,
  exploreStory,
  falseChoices,
  goldenWalk,
  hardCodedNames,
  missingNameTokens,
  missingNextScenes,
  nameShare,
  repeatedTexts,
  scenesWithoutWayOut,
  shortestWalkToEnding,
  stateGraph,
  strayGoldenChoices,
  unknownTokens,
  unreachableEndings,
  unreachableScenes,
} from "../test/storyGraph";
import { checkMentions, declarationDrift } from "../test/storyMentions";
import { story } from "./story";
import { type StoryFlag, storyFlags } from "./types";

describe("the story", () => {
  it("has at least 100 scenes", () => {
    expect(story.length).toBeGreaterThanOrEqual(100);
  });

  it("numbers its scenes 0..105, each once, starting at 0", () => {
    expect(badSceneIds(story)).toEqual([]);
    expect(story.map((scene) => scene.id)).toContain(0);
  });

  it("leads every choice to a scene that exists", () => {
    expect(missingNextScenes(story)).toEqual([]);
  });

  it("lets a player reach every scene from scene 0", () => {
    expect(unreachableScenes(story)).toEqual([]);
  });

  it("has a way to an ending from every scene", () => {
    expect(scenesWithoutWayOut(story)).toEqual([]);
  });

  it("has exactly two endings, both reachable, each offering only 'Start New Adventure'", () => {
    expect(badChoices(story)).toEqual([]);
    expect(unreachableEndings(story)).toEqual([]);
  });

  it("uses only the page's times of day and backgrounds", () => {
    expect(badLooks(story)).toEqual([]);
  });

  it("never repeats a scene text or a partner message", () => {
    expect(repeatedTexts(story)).toEqual([]);
  });

  it("speaks with both partners' names through {me} and {partner}, never the demo couple's", () => {
    expect(missingNameTokens(story)).toEqual([]);
    expect(unknownTokens(story)).toEqual([]);
    expect(hardCodedNames(story)).toEqual([]);
  });

  it("has the partner say the player's name in about one message in three, and assume nothing about the couple", () => {
    expect(nameShare(story)).toBeGreaterThanOrEqual(0.25);
    expect(nameShare(story)).toBeLessThanOrEqual(0.4);
    expect(assumingLines(story)).toEqual([]);
  });

  it("offers no false choice: two choices of a scene always differ in where they lead or what they give", () => {
    expect(falseChoices(story)).toEqual([]);
  });

  it("gives every flag somewhere and reads it somewhere", () => {
    const given = new Set(story.flatMap((scene) => scene.choices.flatMap((choice) => choice.gives ?? [])));
    const read = new Set<StoryFlag>(
      story.flatMap((scene) => [
        ...(scene.needs ?? []),
        ...scene.choices.flatMap((choice) => [...(choice.needs ?? []), ...(choice.lacks ?? [])]),
        ...(scene.variants ?? []).flatMap((variant) => variant.when),
        ...(scene.recalls ?? []).map((recall) => recall.flag),
      ]),
    );
    expect(storyFlags.filter((flag) => !given.has(flag) || !read.has(flag))).toEqual([]);
  });

  it("saves with every one of its flags: the server takes each (a flag it refused stopped every save after it)", () => {
    const save = { version: 2, scene: 0, score: 50, history: [], flags: [...storyFlags], pending_scene: null };
    expect(storyProgress.safeParse(save).error?.issues).toBeUndefined();
  });

  it("tells each ending in at least three shades of heart, the lowest from 0", () => {
    for (const ending of endingsOf(story)) {
      const mins = (ending.shades ?? []).map((shade) => shade.min);
      expect(mins.length, `ending ${ending.id}`).toBeGreaterThanOrEqual(3);
      expect(mins, `ending ${ending.id}`).toEqual([...mins].sort((a, b) => b - a));
      expect(mins.at(-1), `ending ${ending.id}`).toBe(0);
    }
  });

  it("labels one golden path: from scene 0 to an ending at a full heart, no golden choice off it", () => {
    const golden = goldenWalk(story);
    expect(golden.score).toBe(100);
    expect(endingsOf(story).map((scene) => scene.id)).toContain(golden.ending);
    expect(strayGoldenChoices(story)).toEqual([]);
  });

  it("declares every thing its texts name, and each declared thing is named in its text", () => {
    expect(declarationDrift(story)).toEqual([]);
  });

  it("can be played from scene 0 to an ending through the choices shown, none leading nowhere", () => {
    expect(shortestWalkToEnding(story).length).toBeGreaterThan(0);
  });

  it("names the hour before sunset one way on the time-of-day chip", () => {
    const times = new Set(story.map((scene) => scene.timeOfDay));
    expect(times.has("golden") && times.has("golden_hour")).toBe(false);
  });
});

// Every reachable state of the story, about 10^5: a few seconds normally, many more on a busy machine.
describe("every way through the story", { timeout: 180_000 }, () => {
  const graph = stateGraph(story);

  it("meets every scene's needs on every path, shows 2 or 3 choices, reaches both endings and spans the heart", () => {
    const explored = exploreStory(story, graph);
    // No continuity break: no scene is ever reached without what its text assumes.
    expect(explored.breaks).toEqual([]);
    expect(explored.badChoiceCounts).toEqual([]);
    expect(explored.stuck).toEqual([]);
    // Every ending names two or three things the player did.
    expect(explored.shortRecalls).toEqual([]);
    expect([...explored.endings.keys()].sort()).toEqual(
      endingsOf(story)
        .map((scene) => scene.id)
        .sort(),
    );
    // The heart at the end is earned: each ending can be reached low or at the very top.
    for (const [ending, span] of explored.endings) {
      expect(span.low, `ending ${ending}`).toBeLessThanOrEqual(30);
      expect(span.high, `ending ${ending}`).toBe(100);
    }
    // The span, for the record (the tests' log): states and each ending's lowest and highest heart.
    console.info(
      `story: ${explored.states} states;`,
      [...explored.endings].map(([id, s]) => `${id}: ${s.low}-${s.high}`).join(", "),
    );
  });

  it("mentions nothing a reader has not met on the way, and never reads a scene the same twice", () => {
    const checked = checkMentions(story, graph);
    expect(checked.unmet).toEqual([]);
    expect(checked.rereads).toEqual([]);
  });

  it("shows each ending's text in the shade of the heart score and recalls what the golden path did", () => {
    const golden = goldenWalk(story);
    const ending = story.find((scene) => scene.id === golden.ending)!;
    const shades = new Set([100, 70, 30].map((score) => sceneView(ending, golden.flags, score).text));
    expect(shades.size).toBe(3);
    expect(sceneView(ending, golden.flags, 100).recalls).toHaveLength(3);
  });
});
