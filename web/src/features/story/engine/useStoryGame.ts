import { HEART_SCORE_MAX, HEART_SCORE_MIN } from "@spankbank/shared/limits";
import { useCallback, useEffect, useReducer, useState, useSyncExternalStore } from "react";
import { z } from "@/lib/zod";
import { type StoryScene, storyFlags } from "../scenes/types";
import { isShown, newAdventure, type StoryState, sceneView, storyReducer } from "./storyEngine";

/** How long the move from one scene to the next takes. */
export const SCENE_TRANSITION_MS = 300;

/** Each partner's own adventure, kept in this browser. */
export const progressKey = (username: string) => `trapped-game:${username}`;

/**
 * The saved game's format. Version 2 added the flags (and the story's scenes changed with it):
 * a save without this version, from before, starts a new adventure rather than resume a story
 * it was not made for.
 */
export const PROGRESS_VERSION = 2;

const savedProgress = z.object({
  version: z.literal(PROGRESS_VERSION),
  scene: z.int(),
  score: z.int().min(HEART_SCORE_MIN).max(HEART_SCORE_MAX),
  history: z.array(z.object({ scene: z.int(), choice: z.int().min(0) })),
  flags: z.array(z.enum(storyFlags)),
  pendingScene: z.int().nullable(),
});

/** The saved game, or a new one when nothing (or an older format, or something no longer in the story) is saved. */
function loadProgress(key: string, scenes: ReadonlyMap<number, StoryScene>): StoryState {
  let parsed: ReturnType<typeof savedProgress.safeParse>;
  try {
    parsed = savedProgress.safeParse(JSON.parse(localStorage.getItem(key) ?? "null"));
  } catch {
    return newAdventure;
  }
  if (!parsed.success) return newAdventure;
  const { version: _version, ...saved } = parsed.data;
  // A reload during the 300 ms move lands on the scene the choice was moving to.
  const state = storyReducer(saved, { type: "arrive" });
  const scene = scenes.get(state.scene);
  // A scene that is gone, or one the saved flags could not have reached (no choice to offer).
  const playable = scene && (scene.ending || scene.choices.some((choice) => isShown(choice, state.flags)));
  return playable ? state : newAdventure;
}

/** True in the server's render and in the browser's hydration of it (React reads the server snapshot then). */
const noChanges = () => () => {};
const inBrowserRender = () => false;
const inServerRender = () => true;

/**
 * The story game for one partner: the reducer, the 300 ms move after a choice, and the progress
 * saved in localStorage so a reload continues where the partner left off.
 */
export function useStoryGame(story: readonly StoryScene[], username: string) {
  const key = progressKey(username);
  const scenes = new Map(story.map((scene) => [scene.id, scene]));
  // The server cannot see this browser's saved game: it renders a new adventure, and so does the
  // browser's hydration of that page (React adopts it as it is); the saved game is taken up right after.
  const hydrating = useSyncExternalStore(noChanges, inBrowserRender, inServerRender);
  const [state, dispatch] = useReducer(storyReducer, undefined, () =>
    hydrating ? newAdventure : loadProgress(key, scenes),
  );
  const [awaitingSave, setAwaitingSave] = useState(hydrating);

  useEffect(() => {
    if (!awaitingSave) return;
    dispatch({ type: "resume", state: loadProgress(key, scenes) });
    setAwaitingSave(false);
  }, [awaitingSave, key, scenes]);

  useEffect(() => {
    // Until the saved game is taken up, the new adventure on screen must not overwrite it.
    if (awaitingSave) return;
    localStorage.setItem(key, JSON.stringify({ version: PROGRESS_VERSION, ...state }));
  }, [awaitingSave, key, state]);

  useEffect(() => {
    if (state.pendingScene === null) return;
    const timer = setTimeout(() => dispatch({ type: "arrive" }), SCENE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [state.pendingScene]);

  const scene = scenes.get(state.scene)!;
  const view = sceneView(scene, state.flags, state.score);
  const choose = useCallback(
    (index: number) => {
      const choice = scene.choices[index];
      if (choice && isShown(choice, state.flags)) dispatch({ type: "choose", index, choice });
    },
    [scene, state.flags],
  );
  const restart = useCallback(() => dispatch({ type: "restart" }), []);

  return { state, scene, view, moving: state.pendingScene !== null, choose, restart };
}
