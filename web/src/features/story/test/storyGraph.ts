import { HEART_SCORE_START } from "@spankbank/shared/limits";
import { clampScore, isShown, sceneView, withFlags } from "../engine/storyEngine";
import { backgroundStyles, GOLDEN, type StoryFlag, type StoryScene, storyFlags, timesOfDay } from "../scenes/types";

/**
 * Checks on the story as a graph of scenes (choices are its edges). Each returns what is wrong,
 * so an empty answer means the story passes; the story's tests run them on the real data.
 */

export const FIRST_SCENE = 0;
export const LAST_SCENE = 105;
export const RESTART_TEXT = "Start New Adventure";
/** The demo couple's names: the story speaks through {me} and {partner}, never these. */
export const DEMO_NAMES = ["Alex", "Sam", "alex_d", "sam_r"] as const;

type Story = readonly StoryScene[];

function byId(story: Story): Map<number, StoryScene> {
  return new Map(story.map((scene) => [scene.id, scene]));
}

/** The scenes a scene leads to (a restart leads back to the start, which is no edge of the story). */
function nextScenes(scene: StoryScene): number[] {
  return scene.choices.filter((choice) => !choice.restart).map((choice) => choice.next);
}

/** Every choice whose next scene does not exist, as "scene -> next". */
export function missingNextScenes(story: Story): string[] {
  const scenes = byId(story);
  return story.flatMap((scene) =>
    scene.choices
      .filter((choice) => !scenes.has(choice.next))
      .map((choice) => `scene ${scene.id}, choice "${choice.text}" -> ${choice.next}, no such scene`),
  );
}

/** Ids outside 0..105, not whole numbers, or used twice; and a missing start. */
export function badSceneIds(story: Story): string[] {
  const seen = new Set<number>();
  const bad: string[] = [];
  for (const { id } of story) {
    if (!Number.isInteger(id) || id < FIRST_SCENE || id > LAST_SCENE) bad.push(`${id} is outside 0..105`);
    if (seen.has(id)) bad.push(`${id} is used twice`);
    seen.add(id);
  }
  if (!seen.has(FIRST_SCENE)) bad.push("no scene 0");
  return bad;
}

/** Every scene reachable from `from` by following choices (restarts excluded), `from` included. */
export function reachableFrom(story: Story, from: number): Set<number> {
  const scenes = byId(story);
  const reached = new Set<number>();
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const scene = scenes.get(id);
    if (reached.has(id) || !scene) continue;
    reached.add(id);
    queue.push(...nextScenes(scene));
  }
  return reached;
}

/** Scenes a player can never see from scene 0. */
export function unreachableScenes(story: Story): number[] {
  const reached = reachableFrom(story, FIRST_SCENE);
  return story.map((scene) => scene.id).filter((id) => !reached.has(id));
}

export function endingsOf(story: Story): StoryScene[] {
  return story.filter((scene) => scene.ending === true);
}

/** Scenes from which no ending can be reached: a player there would be stuck for ever. */
export function scenesWithoutWayOut(story: Story): number[] {
  const endings = new Set(endingsOf(story).map((scene) => scene.id));
  return story
    .map((scene) => scene.id)
    .filter((id) => ![...reachableFrom(story, id)].some((reached) => endings.has(reached)));
}

/** Endings a player cannot reach from scene 0. */
export function unreachableEndings(story: Story): number[] {
  const reached = reachableFrom(story, FIRST_SCENE);
  return endingsOf(story)
    .map((scene) => scene.id)
    .filter((id) => !reached.has(id));
}

/**
 * The endings' and the other scenes' choices: exactly two endings, each with the one restart
 * choice 'Start New Adventure'; every other scene at least 2 choices (how many are shown at once,
 * 2 or 3, depends on the flags: `exploreStory` checks that), none of them a restart.
 */
export function badChoices(story: Story): string[] {
  const bad: string[] = [];
  const endings = endingsOf(story);
  if (endings.length !== 2) bad.push(`${endings.length} endings instead of 2`);
  for (const scene of story) {
    if (scene.ending) {
      const [only, ...more] = scene.choices;
      const restarts = only?.text === RESTART_TEXT && only.restart === true && only.next === FIRST_SCENE;
      if (!restarts || more.length > 0) bad.push(`ending ${scene.id} must offer only '${RESTART_TEXT}'`);
    } else {
      if (scene.choices.length < 2) {
        bad.push(`scene ${scene.id} has ${scene.choices.length} choices`);
      }
      if (scene.choices.some((choice) => choice.restart)) bad.push(`scene ${scene.id} restarts but is no ending`);
    }
    for (const choice of scene.choices) {
      if (!Number.isInteger(choice.score)) bad.push(`scene ${scene.id}: score ${choice.score} is not a whole number`);
      if (choice.text.trim() === "") bad.push(`scene ${scene.id}: a blank choice`);
    }
  }
  return bad;
}

/** Times of day and backgrounds the page does not know. */
export function badLooks(story: Story): string[] {
  const times: readonly string[] = timesOfDay;
  const styles: readonly string[] = backgroundStyles;
  return story.flatMap((scene) => [
    ...(times.includes(scene.timeOfDay) ? [] : [`scene ${scene.id}: time of day ${scene.timeOfDay}`]),
    ...(styles.includes(scene.background) ? [] : [`scene ${scene.id}: background ${scene.background}`]),
  ]);
}

/** Scene texts or partner messages that appear twice, or are blank: no filler. */
export function repeatedTexts(story: Story): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const text of story.flatMap((scene) => [scene.text, scene.partnerMessage])) {
    const key = text.trim().toLowerCase();
    if (key === "" || seen.has(key)) repeated.push(text);
    seen.add(key);
  }
  return repeated;
}

/** Every text a player reads: scene texts, partner messages and choices. */
function allTexts(story: Story): string[] {
  return story.flatMap((scene) => [
    scene.text,
    scene.partnerMessage,
    ...scene.choices.map((choice) => choice.text),
    ...(scene.variants ?? []).flatMap((variant) => [variant.text ?? "", variant.partnerMessage ?? ""]),
    ...(scene.shades ?? []).map((shade) => shade.text),
    ...(scene.recalls ?? []).map((recall) => recall.line),
  ]);
}

/** The name tokens the story never uses (both must appear: the couple is in it together). */
export function missingNameTokens(story: Story): string[] {
  const texts = allTexts(story).join("\n");
  return ["{me}", "{partner}"].filter((token) => !texts.includes(token));
}

/** Literal names of the demo couple written into the story instead of the tokens. */
export function hardCodedNames(story: Story): string[] {
  return allTexts(story).flatMap((text) =>
    DEMO_NAMES.filter((name) => new RegExp(`\\b${name}\\b`, "i").test(text)).map((name) => `${name} in "${text}"`),
  );
}

/** Unknown tokens ({me} and {partner} are the only two the page replaces). */
export function unknownTokens(story: Story): string[] {
  return allTexts(story).flatMap((text) =>
    (text.match(/\{[^}]*\}/g) ?? []).filter((t) => t !== "{me}" && t !== "{partner}"),
  );
}

/** One step of a playthrough: the scene and the index of the choice taken in its own list. */
export interface Step {
  scene: number;
  choice: number;
}

/** Every flag a scene reads: in its needs, its choices' needs and lacks, its variants and recalls. */
function flagsRead(scene: StoryScene): StoryFlag[] {
  return [
    ...(scene.needs ?? []),
    ...scene.choices.flatMap((choice) => [...(choice.needs ?? []), ...(choice.lacks ?? [])]),
    ...(scene.variants ?? []).flatMap((variant) => variant.when),
    ...(scene.recalls ?? []).map((recall) => recall.flag),
  ];
}

/**
 * The flags that can still matter at each scene: those read by it or by any scene after it.
 * Two states at one scene that differ only in other flags play out the same, so the exploration
 * counts them as one (without this the states multiply with every flag nobody reads again).
 */
function liveFlags(story: Story): Map<number, Set<StoryFlag>> {
  const scenes = byId(story);
  return new Map(
    story.map((scene) => [
      scene.id,
      new Set([...reachableFrom(story, scene.id)].flatMap((id) => flagsRead(scenes.get(id)!))),
    ]),
  );
}

export interface StoryExploration {
  /** Distinct (scene, flags that still matter) states a player can reach from scene 0. */
  states: number;
  /** A scene reached without something its text assumes, with one path that does it. */
  breaks: string[];
  /** A state showing fewer than 2 or more than 3 choices. */
  badChoiceCounts: string[];
  /** A state from which no ending can be reached. */
  stuck: string[];
  /** An ending reached remembering fewer than two things it can recall. */
  shortRecalls: string[];
  /** Each reachable ending with the lowest and highest heart score a player can end on. */
  endings: Map<number, { low: number; high: number }>;
}

/** Each flag's bit, so a set of flags is one number (there are at most 31 flags: the sign bit stays clear). */
const bitOf = new Map(storyFlags.map((flag, index) => [flag, 1 << index]));
const maskOf = (flags: readonly StoryFlag[] = []) => flags.reduce((mask, flag) => mask | bitOf.get(flag)!, 0);
export const flagsIn = (mask: number) => storyFlags.filter((flag) => (mask & bitOf.get(flag)!) !== 0);

/**
 * Every reachable state of the story (a scene and the flags that still matter there), each once,
 * numbered in the order found breadth first from scene 0, following only the choices a player
 * there is shown. Flags are kept as bit masks.
 */
export interface StateGraph {
  sceneOf: number[];
  maskAt: number[];
  /** How the walk first got to each state: the state before it (-1 for the start). */
  cameFrom: ArrayLike<number>;
  /** Shown choices of each state: [the choice's index in its scene's list, the next state]. */
  edges: [number, number][][];
}

export function stateGraph(story: Story): StateGraph {
  const scenes = byId(story);
  const live = new Map([...liveFlags(story)].map(([id, flags]) => [id, maskOf([...flags])]));
  const compiled = new Map(
    story.map((scene) => [
      scene.id,
      scene.choices.map((choice) => ({
        needs: maskOf(choice.needs),
        lacks: maskOf(choice.lacks),
        gives: maskOf(choice.gives),
        next: choice.next,
      })),
    ]),
  );
  const ids = new Map<number, number>();
  const cameFrom: number[] = [];
  const graph: StateGraph = { sceneOf: [], maskAt: [], cameFrom, edges: [] };
  const add = (scene: number, mask: number, from: number): number => {
    const key = scene * 2 ** 31 + mask;
    const known = ids.get(key);
    if (known !== undefined) return known;
    ids.set(key, graph.sceneOf.length);
    graph.sceneOf.push(scene);
    graph.maskAt.push(mask);
    cameFrom.push(from);
    graph.edges.push([]);
    return graph.sceneOf.length - 1;
  };
  add(FIRST_SCENE, 0, -1);
  // Breadth first: the states list is its own queue.
  for (let state = 0; state < graph.sceneOf.length; state++) {
    const choices = compiled.get(graph.sceneOf[state]!);
    const mask = graph.maskAt[state]!;
    if (!choices || scenes.get(graph.sceneOf[state]!)?.ending) continue;
    choices.forEach((choice, index) => {
      if ((choice.needs & mask) !== choice.needs || (choice.lacks & mask) !== 0) return;
      const next = add(choice.next, (mask | choice.gives) & (live.get(choice.next) ?? 0), state);
      graph.edges[state]!.push([index, next]);
    });
  }
  return graph;
}

/** The scenes of the path by which the walk first reached a state, as "0 -> 2 -> 8". */
export function pathTo(graph: StateGraph, state: number): string {
  const scenesOnPath: number[] = [];
  for (let at = state; at !== -1; at = graph.cameFrom[at]!) scenesOnPath.unshift(graph.sceneOf[at]!);
  return scenesOnPath.join(" -> ");
}

/**
 * Plays every way through the story at once, on its state graph: proves that every scene's needs
 * hold on every path to it, and finds the heart score span of each ending.
 */
export function exploreStory(story: Story, graph = stateGraph(story)): StoryExploration {
  const scenes = byId(story);
  const { sceneOf, maskAt } = graph;
  const edges = graph.edges.map((out, state) =>
    out.map(([index, next]): [number, number] => [scenes.get(sceneOf[state]!)!.choices[index]!.score, next]),
  );
  const breaks: string[] = [];
  const badChoiceCounts: string[] = [];
  const shortRecalls: string[] = [];
  for (let state = 0; state < sceneOf.length; state++) {
    const scene = scenes.get(sceneOf[state]!);
    const mask = maskAt[state]!;
    if (!scene) continue;
    const needs = maskOf(scene.needs);
    if ((needs & mask) !== needs) {
      breaks.push(`scene ${scene.id} without ${flagsIn(needs & ~mask).join(", ")}: ${pathTo(graph, state)}`);
    }
    if (scene.ending) {
      const recalled = sceneView(scene, flagsIn(mask), 0).recalls.length;
      if (recalled < 2) shortRecalls.push(`ending ${scene.id} recalls ${recalled} things: ${pathTo(graph, state)}`);
    } else if (edges[state]!.length < 2 || edges[state]!.length > 3) {
      badChoiceCounts.push(`scene ${scene.id} shows ${edges[state]!.length} choices: ${pathTo(graph, state)}`);
    }
  }
  const count = sceneOf.length;
  // Heart span: the clamp keeps a higher score higher, so lows and highs travel along the choices
  // on their own. Passes over the states in the order found carry them forward; the few loops in
  // the story need another pass each time they move a span, until nothing changes (all in 0..100).
  const low = new Array<number>(count).fill(Number.POSITIVE_INFINITY);
  const high = new Array<number>(count).fill(Number.NEGATIVE_INFINITY);
  low[0] = HEART_SCORE_START;
  high[0] = HEART_SCORE_START;
  for (let changed = true; changed; ) {
    changed = false;
    for (let state = 0; state < count; state++) {
      if (low[state] === Number.POSITIVE_INFINITY) continue;
      for (const [score, next] of edges[state]!) {
        const nextLow = clampScore(low[state]! + score);
        const nextHigh = clampScore(high[state]! + score);
        if (nextLow < low[next]!) {
          low[next] = nextLow;
          changed = true;
        }
        if (nextHigh > high[next]!) {
          high[next] = nextHigh;
          changed = true;
        }
      }
    }
  }
  const endings = new Map<number, { low: number; high: number }>();
  for (let state = 0; state < count; state++) {
    if (!scenes.get(sceneOf[state]!)?.ending) continue;
    const span = endings.get(sceneOf[state]!) ?? { low: low[state]!, high: high[state]! };
    endings.set(sceneOf[state]!, { low: Math.min(span.low, low[state]!), high: Math.max(span.high, high[state]!) });
  }
  // Stuck: states from which no ending state can be reached, found backwards from the endings.
  const before: number[][] = Array.from({ length: count }, () => []);
  edges.forEach((out, state) => {
    for (const [, next] of out) before[next]!.push(state);
  });
  const leadsOut = new Array<boolean>(count).fill(false);
  const back: number[] = [];
  for (let state = 0; state < count; state++) {
    if (scenes.get(sceneOf[state]!)?.ending) {
      leadsOut[state] = true;
      back.push(state);
    }
  }
  for (let at = 0; at < back.length; at++) {
    for (const state of before[back[at]!]!) {
      if (!leadsOut[state]) {
        leadsOut[state] = true;
        back.push(state);
      }
    }
  }
  const stuck = leadsOut.flatMap((out, state) => (out ? [] : [`stuck at ${pathTo(graph, state)}`]));
  return { states: count, breaks, badChoiceCounts, stuck, shortRecalls, endings };
}

/** A step of a walk through the page: also the position of the choice among those shown. */
export interface ShownStep extends Step {
  shown: number;
}

/**
 * The shortest playthrough from scene 0 to an ending, following only the choices a player is shown;
 * it refuses a story where a shown choice on the way leads to no scene.
 */
export function shortestWalkToEnding(story: Story): ShownStep[] {
  const scenes = byId(story);
  const live = liveFlags(story);
  const stateKey = (scene: number, flags: readonly StoryFlag[]) => `${scene}|${flags.join(",")}`;
  const start = stateKey(FIRST_SCENE, []);
  const came = new Map<string, { key: string; step: ShownStep } | null>([[start, null]]);
  const queue: { key: string; scene: number; flags: StoryFlag[] }[] = [{ key: start, scene: FIRST_SCENE, flags: [] }];
  for (let next = 0; next < queue.length; next++) {
    const { key, scene: id, flags } = queue[next]!;
    const scene = scenes.get(id);
    if (!scene) continue;
    if (scene.ending) {
      const walk: ShownStep[] = [];
      for (let at = came.get(key); at; at = came.get(at.key)) walk.unshift(at.step);
      return walk;
    }
    sceneView(scene, flags, 0).choices.forEach(({ choice, index }, shown) => {
      // A choice a player is shown that leads nowhere: the page would have no scene to show.
      if (!scenes.has(choice.next)) throw new Error(`scene ${id}, choice "${choice.text}" leads to no scene`);
      // Only the flags still read ahead tell states apart (as in `exploreStory`).
      const nextFlags = withFlags(flags, choice.gives).filter((flag) => live.get(choice.next)?.has(flag));
      const nextKey = stateKey(choice.next, nextFlags);
      if (came.has(nextKey)) return;
      came.set(nextKey, { key, step: { scene: id, choice: index, shown } });
      queue.push({ key: nextKey, scene: choice.next, flags: nextFlags });
    });
  }
  throw new Error("no way from scene 0 to an ending");
}

/**
 * The golden path: from scene 0, the one choice labelled golden in each scene, to an ending.
 * Returns the walk and the heart score it ends on, or what is wrong with the labels.
 */
export function goldenWalk(story: Story): { walk: Step[]; score: number; flags: StoryFlag[]; ending: number } {
  const scenes = byId(story);
  const walk: Step[] = [];
  let flags: StoryFlag[] = [];
  let score = HEART_SCORE_START;
  let scene = scenes.get(FIRST_SCENE);
  while (scene && !scene.ending) {
    const golden = scene.choices
      .map((choice, index) => ({ choice, index }))
      .filter(({ choice }) => choice.path === GOLDEN && isShown(choice, flags));
    if (golden.length !== 1) throw new Error(`scene ${scene.id} shows ${golden.length} golden choices`);
    const [{ choice, index }] = golden as [{ choice: (typeof scene.choices)[number]; index: number }];
    walk.push({ scene: scene.id, choice: index });
    flags = withFlags(flags, choice.gives);
    score = clampScore(score + choice.score);
    scene = scenes.get(choice.next);
    if (walk.length > story.length) throw new Error("the golden path goes round in circles");
  }
  if (!scene) throw new Error("the golden path leads to a missing scene");
  return { walk, score, flags, ending: scene.id };
}

/** Golden choices off the golden path: the label means one path, so there must be none. */
export function strayGoldenChoices(story: Story): string[] {
  const onPath = new Set(goldenWalk(story).walk.map(({ scene, choice }) => `${scene}:${choice}`));
  return story.flatMap((scene) =>
    scene.choices.flatMap((choice, index) =>
      choice.path === GOLDEN && !onPath.has(`${scene.id}:${index}`) ? [`${scene.id}: ${choice.text}`] : [],
    ),
  );
}

/**
 * False choices: two choices of one scene that lead to the same scene and change the same flags
 * (whatever their words, the story cannot tell them apart afterwards).
 */
export function falseChoices(story: Story): string[] {
  return story.flatMap((scene) =>
    scene.choices.flatMap((choice, index) =>
      scene.choices.slice(index + 1).flatMap((other) => {
        const same =
          choice.next === other.next &&
          withFlags([], choice.gives).join() === withFlags([], other.gives).join() &&
          withFlags([], choice.needs).join() === withFlags([], other.needs).join() &&
          withFlags([], choice.lacks).join() === withFlags([], other.lacks).join();
        return same ? [`${scene.id}: "${choice.text}" / "${other.text}"`] : [];
      }),
    ),
  );
}

/** The share of partner messages that say the player's name (about one in three reads as real speech). */
export function nameShare(story: Story): number {
  const messages = story.flatMap((scene) => [scene.partnerMessage]);
  return messages.filter((message) => message.includes("{me}")).length / messages.length;
}

/** Words that assume the couple's gender, orientation or marital status. */
const ASSUMING =
  /\b(manly|womanly|girly|married|marry|marriage|husband|wife|boyfriend|girlfriend|ladies|gentlemen|bride|groom|straight (feelings|couple|guy|girl|man|woman))\b/i;

export function assumingLines(story: Story): string[] {
  return allTexts(story).filter((text) => ASSUMING.test(text));
}
