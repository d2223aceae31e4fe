import { STORY_RUN_CHOICES_MAX } from "@spankbank/shared/limits";
import { isShown, newAdventure, type StoryState, storyReducer } from "../engine/storyEngine";
import type { StoryThing } from "../scenes/things";
import type { StoryScene } from "../scenes/types";
import { readingAt } from "./storyMentions";

/**
 * A seeded random number generator (mulberry32), so a simulation is the same every run. Written
 * here because Math.random takes no seed and no kept library offers one for plain numbers.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Simulation {
  runs: number;
  /** Scenes entered without something their text assumes, over all runs. */
  breaks: number;
  /** Runs that met at least one such scene. */
  runsWithBreaks: number;
  /** Scene texts read mentioning a thing not met before in the run, over all runs. */
  sceneMentionBreaks: number;
  /** Choices shown mentioning a thing not met before in the run, over all runs. */
  choiceMentionBreaks: number;
  /** Runs that read at least one scene text or choice mentioning a thing not met before. */
  runsWithMentionBreaks: number;
  /** Scene texts read a second time in the same run, over all runs. */
  rereads: number;
  /** Runs that read a scene text twice. */
  runsWithRereads: number;
  /** Choices made, over all runs. */
  choices: number;
  /** How many runs ended on each heart score (index 0..100). */
  finalHearts: number[];
  /** How many runs ended at each ending scene. */
  endings: Map<number, number>;
}

/**
 * Random players: each run starts a new adventure and picks uniformly among the choices shown
 * until an ending. `showAll` offers every choice regardless of its needs (how the story played
 * before it remembered anything): the breaks count what such a player runs into.
 */
export function simulatePlays(
  story: readonly StoryScene[],
  runs: number,
  random: () => number,
  { showAll = false } = {},
): Simulation {
  const scenes = new Map(story.map((scene) => [scene.id, scene]));
  const result: Simulation = {
    runs,
    breaks: 0,
    runsWithBreaks: 0,
    sceneMentionBreaks: 0,
    choiceMentionBreaks: 0,
    runsWithMentionBreaks: 0,
    rereads: 0,
    runsWithRereads: 0,
    choices: 0,
    finalHearts: Array.from({ length: 101 }, () => 0),
    endings: new Map(),
  };
  for (let run = 0; run < runs; run++) {
    let state: StoryState = newAdventure;
    let breaks = 0;
    const met = new Set<StoryThing>();
    const read = new Set<string>();
    const [sceneMentionBreaks, choiceMentionBreaks, rereads] = [
      result.sceneMentionBreaks,
      result.choiceMentionBreaks,
      result.rereads,
    ];
    for (let made = 0; ; made++) {
      const scene = scenes.get(state.scene);
      if (!scene) throw new Error(`scene ${state.scene} does not exist`);
      breaks += (scene.needs ?? []).some((flag) => !state.flags.includes(flag)) ? 1 : 0;
      const reading = readingAt(scene, state.flags);
      for (const thing of reading.introduces) met.add(thing);
      result.sceneMentionBreaks += reading.mentions.some((thing) => !met.has(thing)) ? 1 : 0;
      result.rereads += read.has(reading.text) ? 1 : 0;
      read.add(reading.text);
      if (scene.ending) {
        result.finalHearts[state.score]! += 1;
        result.endings.set(scene.id, (result.endings.get(scene.id) ?? 0) + 1);
        break;
      }
      if (made >= STORY_RUN_CHOICES_MAX)
        throw new Error(`a run made ${STORY_RUN_CHOICES_MAX} choices without an ending`);
      const shown = scene.choices
        .map((choice, index) => ({ choice, index }))
        .filter(({ choice }) => showAll || isShown(choice, state.flags));
      result.choiceMentionBreaks += shown.filter(({ choice }) =>
        (choice.mentions ?? []).some((thing) => !met.has(thing) && !choice.introduces?.includes(thing)),
      ).length;
      const { choice, index } = shown[Math.floor(random() * shown.length)]!;
      for (const thing of choice.introduces ?? []) met.add(thing);
      state = storyReducer(storyReducer(state, { type: "choose", index, choice }), { type: "arrive" });
      result.choices += 1;
    }
    result.breaks += breaks;
    result.runsWithBreaks += breaks > 0 ? 1 : 0;
    result.runsWithMentionBreaks +=
      result.sceneMentionBreaks + result.choiceMentionBreaks > sceneMentionBreaks + choiceMentionBreaks ? 1 : 0;
    result.runsWithRereads += result.rereads > rereads ? 1 : 0;
  }
  return result;
}

/** The score below which the given share of runs ended (e.g. 0.1 for the 10th percentile). */
export function percentile(finalHearts: readonly number[], share: number): number {
  const runs = finalHearts.reduce((sum, count) => sum + count, 0);
  let seen = 0;
  for (const [score, count] of finalHearts.entries()) {
    seen += count;
    if (seen >= share * runs) return score;
  }
  return finalHearts.length - 1;
}
