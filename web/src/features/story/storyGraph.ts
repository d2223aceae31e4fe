import { backgroundStyles, type StoryScene, timesOfDay } from "./scenes/types";

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
    scene.choices.filter((choice) => !scenes.has(choice.next)).map((choice) => `${scene.id} -> ${choice.next}`),
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
 * choice 'Start New Adventure'; every other scene 2 or 3 choices, none of them a restart.
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
      if (scene.choices.length < 2 || scene.choices.length > 3) {
        bad.push(`scene ${scene.id} has ${scene.choices.length} choices`);
      }
      if (scene.choices.some((choice) => choice.restart)) bad.push(`scene ${scene.id} restarts but is no ending`);
    }
    for (const choice of scene.choices) {
      if (!Number.isInteger(choice.score)) bad.push(`scene ${scene.id}: score ${choice.score} is not a whole number`);
      if (choice.text.trim() === "" || choice.path.trim() === "") bad.push(`scene ${scene.id}: a blank choice`);
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
  return story.flatMap((scene) => [scene.text, scene.partnerMessage, ...scene.choices.map((choice) => choice.text)]);
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

/**
 * The choice to take at each scene on the shortest way from `from` to an ending (by choice
 * index), or undefined when no ending can be reached.
 */
export function choiceTowardEnding(story: Story, from: number): number | undefined {
  const scenes = byId(story);
  // Breadth-first from the endings backwards: distance to the nearest ending per scene.
  const distance = new Map<number, number>(endingsOf(story).map((scene) => [scene.id, 0]));
  let changed = true;
  while (changed) {
    changed = false;
    for (const scene of story) {
      const best = Math.min(...nextScenes(scene).map((next) => distance.get(next) ?? Number.POSITIVE_INFINITY));
      if (Number.isFinite(best) && (distance.get(scene.id) ?? Number.POSITIVE_INFINITY) > best + 1) {
        distance.set(scene.id, best + 1);
        changed = true;
      }
    }
  }
  const scene = scenes.get(from);
  if (!scene || scene.ending || !distance.has(from)) return undefined;
  const target = distance.get(from)! - 1;
  return scene.choices.findIndex((choice) => !choice.restart && distance.get(choice.next) === target);
}

/**
 * A player's walk from scene 0 to an ending: the first choice each time, until it would lead
 * back to a scene already seen; from there the shortest way out. Scene ids with the choice taken.
 */
export function walkToEnding(story: Story): { scene: number; choice: number }[] {
  const scenes = byId(story);
  const walk: { scene: number; choice: number }[] = [];
  const seen = new Set<number>();
  let current = scenes.get(FIRST_SCENE);
  let lost = false;
  while (current && !current.ending) {
    seen.add(current.id);
    const firstNext = current.choices[0]?.next;
    if (firstNext === undefined || seen.has(firstNext)) lost = true;
    const choice = lost ? choiceTowardEnding(story, current.id) : 0;
    if (choice === undefined || choice < 0) throw new Error(`no way to an ending from scene ${current.id}`);
    walk.push({ scene: current.id, choice });
    current = scenes.get(current.choices[choice]!.next);
    if (walk.length > story.length) throw new Error("the walk goes round in circles");
  }
  return walk;
}
