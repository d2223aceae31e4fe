import { describe, expect, it } from "vitest";
import { sceneView } from "./engine/storyEngine";
import { story } from "./scenes/story";
import { flagsIn, pathTo, stateGraph } from "./test/storyGraph";
import { readingAt } from "./test/storyMentions";

/**
 * Continuity, as the story's rule has it: the story never mentions what a player has not seen on
 * every path that reaches a scene; a choice's label promises nothing the next scene contradicts;
 * every variant can be read. Each test searches the story's state graph (every reachable scene with
 * the flags that still matter there) for a play that breaks one of these, and names it if found.
 */

const byId = new Map(story.map((scene) => [scene.id, scene]));

// Every reachable state of the story, about 10^5: a few seconds normally, many more on a busy machine.
describe("the story's continuity", { timeout: 180_000 }, () => {
  const graph = stateGraph(story);
  const sceneAt = (state: number) => byId.get(graph.sceneOf[state]!)!;
  const flagsAt = (state: number) => flagsIn(graph.maskAt[state]!);
  /** The scene's text where the player stands (its variant's, if one applies; an ending's title). */
  const textAt = (state: number) => readingAt(sceneAt(state), flagsAt(state)).text;
  /** What the partner says there. */
  const messageAt = (state: number) => sceneView(sceneAt(state), flagsAt(state), 100).partnerMessage;
  /** An ending's sentences about what the player did (none elsewhere). */
  const recallsAt = (state: number) => sceneView(sceneAt(state), flagsAt(state), 100).recalls;
  /** The choices shown there, with their index in the scene's own list. */
  const shownAt = (state: number) =>
    graph.edges[state]!.map(([index]) => ({ index, choice: sceneAt(state).choices[index]! }));
  const atScene =
    (...ids: number[]) =>
    (state: number) =>
      ids.includes(graph.sceneOf[state]!);
  /** The index of the choice of scene `id` whose label matches `label`. */
  const choiceOf = (id: number, label: RegExp) => {
    const index = byId.get(id)!.choices.findIndex((choice) => label.test(choice.text));
    expect(index, `scene ${id} has a choice ${label}`).toBeGreaterThanOrEqual(0);
    return index;
  };

  /**
   * The first play found from scene 0 to a state `target` accepts, as "0 -> 2 -> ...", never entering
   * a state `avoid` accepts nor taking a choice `skip` accepts (null if there is no such play).
   */
  function playTo(
    target: (state: number) => boolean,
    {
      avoid = () => false,
      skip = () => false,
    }: { avoid?: (state: number) => boolean; skip?: (state: number, choice: number) => boolean } = {},
  ): string | null {
    const parent = new Int32Array(graph.sceneOf.length).fill(-2);
    parent[0] = -1;
    const queue = [0];
    for (let at = 0; at < queue.length; at++) {
      const state = queue[at]!;
      if (target(state)) return pathTo({ ...graph, cameFrom: parent }, state);
      for (const [choice, next] of graph.edges[state]!) {
        if (parent[next] !== -2 || avoid(next) || skip(state, choice)) continue;
        parent[next] = state;
        queue.push(next);
      }
    }
    return null;
  }

  it("shows every scene variant on some play: none is dead or shadowed by an earlier one (the map's, at scene 9)", () => {
    const shown = new Set<string>();
    graph.sceneOf.forEach((id, state) => {
      const flags = flagsAt(state);
      const index = (byId.get(id)!.variants ?? []).findIndex(({ when }) => when.every((flag) => flags.includes(flag)));
      if (index >= 0) shown.add(`${id}: ${index}`);
    });
    const variants = story.flatMap((scene) =>
      (scene.variants ?? []).map((variant, index) => ({ at: `${scene.id}: ${index}`, when: variant.when })),
    );
    expect(variants.filter(({ at }) => !shown.has(at))).toEqual([]);
    // The map (scene 8) is read on the way down: scene 9 finds the trapdoor where its dotted line starts.
    expect(playTo((state) => graph.sceneOf[state] === 9 && /\bmap\b/.test(textAt(state)))).not.toBeNull();
  });

  it("speaks of the cabin's fire only once a fire is lit on that play (scene 1, 10's 'Light a fire', or 14)", () => {
    const lightsAFire = /\bfire catches\b|\bbuild up a roaring fire\b|^Light (a fire|the fireplace)\b/i;
    const theFire = /\bthe (cabin )?fire\b/i;
    const inTheCabin = (state: number) => ["cabin", "attic"].includes(sceneAt(state).background);
    const speaksOfTheFire = (state: number) =>
      (inTheCabin(state) &&
        (theFire.test(`${textAt(state)} ${messageAt(state)}`) ||
          shownAt(state).some(({ choice }) => theFire.test(choice.text) && !lightsAFire.test(choice.text)))) ||
      recallsAt(state).some((line) => /\bcabin fire\b/.test(line));
    const play = playTo(speaksOfTheFire, {
      avoid: (state) => lightsAFire.test(textAt(state)),
      skip: (state, choice) => lightsAFire.test(sceneAt(state).choices[choice]!.text),
    });
    expect(play, `'the fire' before any fire is lit on ${play}`).toBeNull();
  });

  it("opens the front door before scene 20 walks the front path, and calls it frozen only after scene 3 froze it", () => {
    // Scene 0 shuts the door behind them; scene 3 finds it frozen into its frame.
    const front = graph.sceneOf.flatMap((id, state) => (id === 20 ? [textAt(state)] : []));
    expect(front.length).toBeGreaterThan(0);
    for (const text of front) expect(text).toMatch(/\bfront door\b.*\b(bursts open|opens|gives)\b/);
    const play = playTo((state) => graph.sceneOf[state] === 20 && /\bfrozen\b|\bat last\b/i.test(textAt(state)), {
      avoid: atScene(3),
    });
    expect(play, `a frozen door never met on ${play}`).toBeNull();
  });

  it("voices the worry that scene 16's 'Ignore {partner}'s worry' ignores", () => {
    const scene = byId.get(16)!;
    expect(scene.choices.some((choice) => /\{partner\}'s worry/.test(choice.text))).toBe(true);
    const said = [scene.text, scene.partnerMessage, ...(scene.variants ?? []).map((v) => v.partnerMessage ?? "")];
    expect(said.join(" ")).toMatch(/worr|afraid|scared|careful|front path/i);
  });

  it("sends 'breakfast' from the fishing hut (49) where scene 52 serves it: outdoors on the shore, not at the hut's stove", () => {
    const index = choiceOf(49, /breakfast/);
    expect(byId.get(49)!.choices[index]!.next).toBe(52);
    expect(byId.get(49)!.choices[index]!.text).toMatch(/breakfast (on|by) the shore/);
    const served = new Set<string>();
    graph.edges.forEach((edges, state) => {
      if (graph.sceneOf[state] !== 49) return;
      for (const [choice, next] of edges) if (choice === index) served.add(textAt(next));
    });
    expect(served.size).toBeGreaterThan(0);
    for (const text of served) {
      expect(text).toMatch(/\bsun\b/);
      expect(text).not.toMatch(/\bstove\b|\bhut\b/);
    }
  });

  it("names Willowmere in the endings' recalls only on plays that read the name (the arch of 60 or the square of 61)", () => {
    const names = /\bWillowmere\b/i;
    const play = playTo((state) => recallsAt(state).some((line) => names.test(line)), {
      avoid: (state) => names.test(textAt(state)),
    });
    expect(play, `Willowmere recalled without being named on ${play}`).toBeNull();
  });

  it("has {me} carry boots over the causeway (84) only on plays that took them off on the beach (83)", () => {
    const play = playTo(
      (state) => graph.sceneOf[state] === 84 && /\bboots\b/.test(`${textAt(state)} ${messageAt(state)}`),
      { avoid: atScene(83) },
    );
    // 80's 'Drag {partner} into a race against the tide over the rocks' leads straight to 84.
    expect(play, `boots in hand that were never taken off on ${play}`).toBeNull();
  });

  describe("the train home (104)", () => {
    it("recalls the note left for the next pair only when {me} handed the ticket to the conductor (94)", () => {
      const hand = choiceOf(94, /^Hand the ticket to the conductor/);
      const noteLeft = byId.get(104)!.recalls!.find(({ flag }) => flag === "noteLeft")!.line;
      const play = playTo((state) => recallsAt(state).includes(noteLeft), {
        skip: (state, choice) => graph.sceneOf[state] === 94 && choice === hand,
      });
      expect(play, `note kept safe, yet recalled as left for the next pair, on ${play}`).toBeNull();
    });

    it("keeps the noted ticket with the conductor (98) and pins a new one to their fridge, never the same ticket", () => {
      const noted = graph.sceneOf.flatMap((id, state) =>
        id === 98 && flagsAt(state).includes("noteLeft") ? [textAt(state)] : [],
      );
      expect(noted.length).toBeGreaterThan(0);
      for (const text of noted) {
        expect(text).toMatch(/\bold ticket\b.*\bpocket\b/);
        expect(text).toMatch(/\btwo new tickets\b/);
        expect(text).not.toMatch(/\bhands it back\b/);
      }
    });

    it("is not called the last train where the morning train (103) leads to it", () => {
      const morning = byId.get(103)!.choices[choiceOf(103, /\bmorning train\b/)]!;
      expect(byId.get(morning.next)!.ending).toBe(true);
      expect(byId.get(morning.next)!.text).not.toMatch(/\blast\b/i);
      expect(playTo(atScene(103))).not.toBeNull();
    });
  });

  describe("the lighthouse", () => {
    it("has the keeper invite them to his cottage (100) before the choice 'Accept his invitation' accepts it", () => {
      const scene = byId.get(100)!;
      choiceOf(100, /\binvitation\b/i);
      expect(`${scene.text} ${scene.partnerMessage}`).toMatch(/\bcottage\b|come (up|in|home)\b|\bstay\b/i);
    });

    it("recalls (105) the keeper hearing their story, or being Rosa's brother, only on plays where he did (101)", () => {
      const play = playTo(
        (state) => recallsAt(state).some((line) => /\bkeeper\b/.test(line) && /\bstory\b|Rosa's brother/.test(line)),
        { avoid: atScene(101) },
      );
      expect(play, `the keeper never heard it on ${play}`).toBeNull();
    });

    it("recalls (105) the cellar key opening the last door only on plays where it opened the tin box (70)", () => {
      // Without scene 70 the lighthouse opens with the spare key from under the red stone (87).
      const play = playTo(
        (state) =>
          recallsAt(state).some((line) => /\bcellar key\b/.test(line) && /\bthe last\b|\btin box\b/.test(line)),
        { avoid: atScene(70) },
      );
      expect(play, `the cellar key never opened the tin box on ${play}`).toBeNull();
    });
  });
});
