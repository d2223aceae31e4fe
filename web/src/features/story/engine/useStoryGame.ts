import type { StoryProgress } from "@spankbank/shared/contract/story";
import { HEART_SCORE_MAX, HEART_SCORE_MIN } from "@spankbank/shared/limits";
import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from "react";
import { z } from "@/lib/zod";
import { type StoryScene, storyFlags } from "../scenes/types";
import { isShown, newAdventure, type StoryState, sceneView, storyReducer } from "./storyEngine";

/** How long the move from one scene to the next takes. */
export const SCENE_TRANSITION_MS = 300;

/** Each partner's own adventure, kept in this browser (a cache of the server's copy). */
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

/** A saved game this story can continue, or undefined (an older format, or something no longer in the story). */
function playableSave(value: unknown, scenes: ReadonlyMap<number, StoryScene>): StoryState | undefined {
  const parsed = savedProgress.safeParse(value);
  if (!parsed.success) return undefined;
  const { version: _version, ...saved } = parsed.data;
  // A reload during the 300 ms move lands on the scene the choice was moving to.
  const state = storyReducer(saved, { type: "arrive" });
  const scene = scenes.get(state.scene);
  // A scene that is gone, or one the saved flags could not have reached (no choice to offer).
  const playable = scene && (scene.ending || scene.choices.some((choice) => isShown(choice, state.flags)));
  return playable ? state : undefined;
}

/** The game saved in this browser, or a new one when nothing playable is saved. */
function loadProgress(key: string, scenes: ReadonlyMap<number, StoryScene>): StoryState {
  try {
    return playableSave(JSON.parse(localStorage.getItem(key) ?? "null"), scenes) ?? newAdventure;
  } catch {
    return newAdventure;
  }
}

/** The game as the server keeps it (shared/src/contract/story.ts). */
function toServer(state: StoryState): StoryProgress {
  const { scene, score, history, flags, pendingScene } = state;
  return { version: PROGRESS_VERSION, scene, score, history, flags, pending_scene: pendingScene };
}

/**
 * The server's copy of the partner's game: `progress` is undefined until it is known (or when it
 * cannot be read: the browser's copy carries on alone), null when the server has none yet.
 */
export interface ServerSaves {
  progress: StoryProgress | null | undefined;
  save: (progress: StoryProgress) => void;
}

/** True in the server's render and in the browser's hydration of it (React reads the server snapshot then). */
const noChanges = () => () => {};
const inBrowserRender = () => false;
const inServerRender = () => true;

/**
 * The story game for one partner: the reducer, the 300 ms move after a choice, and the progress
 * saved in localStorage so a reload continues where the partner left off, and on the server
 * (`server`) so another browser does too. The server's copy wins over this browser's once known.
 */
export function useStoryGame(story: readonly StoryScene[], username: string, server?: ServerSaves) {
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

  // Whether the server's copy has been taken up, and the save the server holds (as JSON).
  const [fromServer, setFromServer] = useState(false);
  const onServer = useRef<string | null>(null);
  const serverProgress = server?.progress;
  useEffect(() => {
    if (awaitingSave || fromServer || serverProgress === undefined) return;
    setFromServer(true);
    if (serverProgress === null) return;
    onServer.current = JSON.stringify(serverProgress);
    const { pending_scene, ...saved } = serverProgress;
    const state = playableSave({ ...saved, pendingScene: pending_scene }, scenes);
    if (state) dispatch({ type: "resume", state });
  }, [awaitingSave, fromServer, serverProgress, scenes]);

  const saveOnServer = server?.save;
  useEffect(() => {
    // Until the saved game is taken up, the new adventure on screen must not overwrite it.
    if (awaitingSave) return;
    localStorage.setItem(key, JSON.stringify({ version: PROGRESS_VERSION, ...state }));
    if (!saveOnServer || !fromServer) return;
    const progress = toServer(state);
    const json = JSON.stringify(progress);
    // None on the server and nothing played here yet: nothing to keep. A save made in this
    // browser before the server kept games goes up here, once (the server has none).
    if (json === onServer.current || (onServer.current === null && state === newAdventure)) return;
    onServer.current = json;
    saveOnServer(progress);
  }, [awaitingSave, key, state, fromServer, saveOnServer]);

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
