import { describe, expect, it } from "vitest";
import {
  badChoices,
  badLooks,
  badSceneIds,
  hardCodedNames,
  missingNameTokens,
  missingNextScenes,
  repeatedTexts,
  scenesWithoutWayOut,
  unknownTokens,
  unreachableEndings,
  unreachableScenes,
  walkToEnding,
} from "../storyGraph";
import { story } from "./story";

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

  it("can be played from scene 0 to an ending by a player taking first choices", () => {
    expect(walkToEnding(story).length).toBeGreaterThan(0);
  });
});
