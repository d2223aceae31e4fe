import { type StoryThing, storyThings } from "../scenes/things";
import type { Mentions, StoryFlag, StoryScene } from "../scenes/types";
import { flagsIn, pathTo, type StateGraph, stateGraph } from "./storyGraph";

/**
 * Checks on the things the story's texts mention (see `storyThings`): that a reader has met each
 * one on every path before a text mentions it, that no scene reads the same twice on a path, and
 * that the declarations agree with the words of the prose.
 */

type Story = readonly StoryScene[];

/** What a scene says where a reader stands, with the things its text introduces and mentions. */
export interface Reading {
  text: string;
  introduces: StoryThing[];
  mentions: StoryThing[];
}

const own = (declared: Mentions) => ({ introduces: declared.introduces ?? [], mentions: declared.mentions ?? [] });
const declares = (declared: Mentions) => declared.introduces !== undefined || declared.mentions !== undefined;

/**
 * The scene as read with these flags: its variant's text and things, or its own. An ending reads
 * in one of its shades, decided by the heart: all of them count, so each must make sense.
 */
export function readingAt(scene: StoryScene, flags: readonly StoryFlag[]): Reading {
  const variant = scene.variants?.find(({ when }) => when.every((flag) => flags.includes(flag)));
  const things = variant && declares(variant) ? own(variant) : own(scene);
  for (const shade of scene.shades ?? []) {
    things.introduces.push(...(shade.introduces ?? []));
    things.mentions.push(...(shade.mentions ?? []));
  }
  return { text: variant?.text ?? scene.text, ...things };
}

/** Every text of a scene with what it declares: its own, each variant, each shade, each choice. */
function declaredTexts(scene: StoryScene): { where: string; text: string; declared: Mentions }[] {
  const at = `scene ${scene.id}`;
  const ownText = `${scene.text} ${scene.partnerMessage}`;
  return [
    ...(scene.shades
      ? scene.shades.map((shade) => ({
          where: `${at}, shade ${shade.min}`,
          text: `${scene.text} ${shade.text} ${shade.partnerMessage ?? scene.partnerMessage}`,
          declared: {
            introduces: [...(scene.introduces ?? []), ...(shade.introduces ?? [])],
            mentions: [...(scene.mentions ?? []), ...(shade.mentions ?? [])],
          },
        }))
      : [{ where: at, text: ownText, declared: scene }]),
    ...(scene.variants ?? []).map((variant) => ({
      where: `${at}, variant ${variant.when.join("+")}`,
      text: `${variant.text ?? scene.text} ${variant.partnerMessage ?? scene.partnerMessage}`,
      declared: declares(variant) ? variant : scene,
    })),
    ...scene.choices
      .filter((choice) => !choice.restart)
      .map((choice) => ({ where: `${at}, choice "${choice.text}"`, text: choice.text, declared: choice })),
  ];
}

const thingNames = Object.keys(storyThings) as StoryThing[];

/** Capitalised words that name no thing: the names of things already declared under another word. */
const NAMES_OF_NO_THING = new Set([
  ...["Hollow", "Pine", "Anchor", "Home", "Light"],
  ...["KM", "M", "MORNING", "RETURN", "ANY", "TIME", "R", "T"],
]);

/** A capitalised word that does not start a sentence (after . ! ? or an opening quote). */
const MID_SENTENCE_CAPITAL = /(?<![.!?:]['"]?\s*|^['"]?|\s['"])\b[A-Z][A-Za-z]*\b/g;

/**
 * Where the declarations and the prose disagree: a declared thing whose words are not in its
 * text, a thing's words in a text that does not declare it, a thing declared twice, and a
 * capitalised name that is no thing (a place or person nobody declared).
 */
export function declarationDrift(story: Story): string[] {
  return story.flatMap((scene) =>
    declaredTexts(scene).flatMap(({ where, text, declared }) => {
      const named = new Set(thingNames.filter((thing) => storyThings[thing].test(text)));
      const listed = [...(declared.introduces ?? []), ...(declared.mentions ?? [])];
      const claimedWords = thingNames.flatMap(
        (thing) => text.match(new RegExp(storyThings[thing].source, `${storyThings[thing].flags}g`)) ?? [],
      );
      const strayNames = (text.match(MID_SENTENCE_CAPITAL) ?? []).filter(
        (word) =>
          !/^I$/.test(word) &&
          !NAMES_OF_NO_THING.has(word) &&
          !claimedWords.some((claimed) => claimed.split(/\W+/).includes(word)),
      );
      return [
        ...listed.filter((thing) => !named.has(thing)).map((thing) => `${where}: declares ${thing}, not in its text`),
        ...[...named].filter((thing) => !listed.includes(thing)).map((thing) => `${where}: names ${thing} undeclared`),
        ...listed.filter((thing, index) => listed.indexOf(thing) !== index).map((t) => `${where}: ${t} twice`),
        ...strayNames.map((word) => `${where}: "${word}" names no thing`),
      ];
    }),
  );
}

/**
 * Breadth first from `sources` along the choices `follow` allows: each state's parent on the way
 * (-1 for a source, -2 where the walk never came). With `leave`, sources are left first, so a
 * source reached again gets a parent too.
 */
function walkFrom(
  graph: StateGraph,
  sources: number[],
  follow: (state: number, choice: number) => boolean,
  leave = false,
): Int32Array {
  const parent = new Int32Array(graph.sceneOf.length).fill(-2);
  const queue: number[] = [];
  for (const source of sources) {
    if (leave) {
      for (const [choice, next] of graph.edges[source]!) {
        if (parent[next] === -2 && follow(source, choice)) {
          parent[next] = source;
          queue.push(next);
        }
      }
    } else {
      parent[source] = -1;
      queue.push(source);
    }
  }
  for (let at = 0; at < queue.length; at++) {
    const state = queue[at]!;
    for (const [choice, next] of graph.edges[state]!) {
      if (parent[next] === -2 && follow(state, choice)) {
        parent[next] = state;
        queue.push(next);
      }
    }
  }
  return parent;
}

/** Sets of things as bit rows, one row of `width` 32-bit words per state. */
const bitsOf = (things: readonly StoryThing[]) => {
  const row = new Int32Array(Math.ceil(thingNames.length / 32));
  for (const thing of things) {
    const index = thingNames.indexOf(thing);
    row[index >>> 5]! |= 1 << (index & 31);
  }
  return row;
};
const has = (row: Int32Array, index: number) => (row[index >>> 5]! & (1 << (index & 31))) !== 0;

export interface MentionCheck {
  /** A text mentioning a thing not met on some path to it, with one such path. */
  unmet: string[];
  /** A scene whose text can be read twice on one path. */
  rereads: string[];
}

/**
 * Follows every path of the state graph at once: the things met on every path to a state (what
 * all paths agree on: greatest fixpoint of "the things before each choice, and what it adds"),
 * and the texts read on any path to it (least fixpoint). A mention outside the first, or a scene
 * whose text is in the second, is a break; a path shows it.
 */
export function checkMentions(story: Story, graph: StateGraph = stateGraph(story)): MentionCheck {
  const scenes = new Map(story.map((scene) => [scene.id, scene]));
  const count = graph.sceneOf.length;
  const width = Math.ceil(thingNames.length / 32);
  const readings = graph.sceneOf.map((id, state) => readingAt(scenes.get(id)!, flagsIn(graph.maskAt[state]!)));
  const introduced = readings.map((reading) => bitsOf(reading.introduces));
  const choiceIntroduced = new Map(
    story.map((scene) => [scene.id, scene.choices.map((choice) => bitsOf(choice.introduces ?? []))]),
  );
  // Met on every path: start from "everything" and narrow along each choice until nothing changes.
  const met = new Int32Array(count * width).fill(-1);
  met.fill(0, 0, width);
  for (let changed = true; changed; ) {
    changed = false;
    for (let state = 0; state < count; state++) {
      const fromChoices = choiceIntroduced.get(graph.sceneOf[state]!)!;
      for (const [choice, next] of graph.edges[state]!) {
        for (let word = 0; word < width; word++) {
          const after = met[state * width + word]! | introduced[state]![word]! | fromChoices[choice]![word]!;
          const narrowed = met[next * width + word]! & after;
          if (narrowed !== met[next * width + word]) {
            met[next * width + word] = narrowed;
            changed = true;
          }
        }
      }
    }
  }
  /** A path from scene 0 to `target` on which `thing` is never introduced. */
  const pathWithout = (target: number, thing: StoryThing): string => {
    const index = thingNames.indexOf(thing);
    const parent = walkFrom(graph, [0], (state, choice) => {
      const fromChoices = choiceIntroduced.get(graph.sceneOf[state]!)!;
      return !has(introduced[state]!, index) && !has(fromChoices[choice]!, index);
    });
    return pathTo({ ...graph, cameFrom: parent }, target);
  };
  const texts = [...new Set(readings.map((reading) => reading.text))];
  const textIndex = new Map(texts.map((text, index) => [text, index]));
  const mentioned = readings.map((reading) => bitsOf(reading.mentions));
  const choiceMentioned = new Map(
    story.map((scene) => [scene.id, scene.choices.map((choice) => bitsOf(choice.mentions ?? []))]),
  );
  const unmet = new Map<string, string>();
  /** The things in `mentions` that neither `met` at the state nor the rows in `known` hold. */
  const missing = (state: number, mentions: Int32Array, ...known: Int32Array[]): StoryThing[] => {
    const things: StoryThing[] = [];
    for (let word = 0; word < width; word++) {
      let bits = mentions[word]! & ~met[state * width + word]!;
      for (const row of known) bits &= ~row[word]!;
      for (let bit = 0; bits !== 0; bit++, bits >>>= 1) if (bits & 1) things.push(thingNames[word * 32 + bit]!);
    }
    return things;
  };
  /** Each text's breaks are reported once, by the text (a number for the scene's, one per choice) and thing. */
  const reported = new Set<number>();
  const report = (text: number, state: number, thing: StoryThing, key: () => string) => {
    const id = text * 128 + thingNames.indexOf(thing);
    if (reported.has(id)) return;
    reported.add(id);
    unmet.set(key(), pathWithout(state, thing));
  };
  for (let state = 0; state < count; state++) {
    const scene = scenes.get(graph.sceneOf[state]!)!;
    const reading = readings[state]!;
    for (const thing of missing(state, mentioned[state]!, introduced[state]!)) {
      report(
        textIndex.get(reading.text)!,
        state,
        thing,
        () => `scene ${scene.id} "${reading.text.slice(0, 40)}…" mentions ${thing}`,
      );
    }
    for (const [index] of graph.edges[state]!) {
      const choice = scene.choices[index]!;
      const own = [introduced[state]!, choiceIntroduced.get(scene.id)![index]!];
      for (const thing of missing(state, choiceMentioned.get(scene.id)![index]!, ...own)) {
        report(
          texts.length + scene.id * 8 + index,
          state,
          thing,
          () => `scene ${scene.id}, choice "${choice.text}" mentions ${thing}`,
        );
      }
    }
  }
  // Read on some path: start from nothing and widen along each choice until nothing changes.
  const textWidth = Math.ceil(texts.length / 32);
  const read = new Int32Array(count * textWidth);
  for (let changed = true; changed; ) {
    changed = false;
    for (let state = 0; state < count; state++) {
      const own = textIndex.get(readings[state]!.text)!;
      for (const [, next] of graph.edges[state]!) {
        for (let word = 0; word < textWidth; word++) {
          const mine = word === own >>> 5 ? 1 << (own & 31) : 0;
          const widened = read[next * textWidth + word]! | read[state * textWidth + word]! | mine;
          if (widened !== read[next * textWidth + word]) {
            read[next * textWidth + word] = widened;
            changed = true;
          }
        }
      }
    }
  }
  /** A path that reads the text of `target` before reaching it: to a state reading it, then on to `target`. */
  const pathReadingTwice = (target: number): string => {
    const text = readings[target]!.text;
    const sources = readings.flatMap((reading, state) => (reading.text === text ? [state] : []));
    const parent = walkFrom(graph, sources, () => true, true);
    const tail: number[] = [];
    let at = target;
    do {
      tail.unshift(graph.sceneOf[at]!);
      at = parent[at]!;
    } while (readings[at]!.text !== text);
    return `${pathTo(graph, at)} -> ${tail.join(" -> ")}`;
  };
  const rereads = new Map<number, string>();
  for (let state = 0; state < count; state++) {
    const own = textIndex.get(readings[state]!.text)!;
    if (has(read.subarray(state * textWidth, (state + 1) * textWidth), own) && !rereads.has(graph.sceneOf[state]!)) {
      rereads.set(
        graph.sceneOf[state]!,
        `scene ${graph.sceneOf[state]} reads the same again: ${pathReadingTwice(state)}`,
      );
    }
  }
  return { unmet: [...unmet].map(([key, path]) => `${key}, unmet on ${path}`), rereads: [...rereads.values()] };
}
