import type { StoryProgress } from "@spankbank/shared/contract/story";
import { HEART_SCORE_MAX, HEART_SCORE_MIN } from "@spankbank/shared/limits";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { StorySaving } from "../api/storyProgress";
import { type StoryFlag, type StoryScene, storyFlags } from "../scenes/types";
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

/**
 * The saved game's fields checked by hand, not with zod: this is the game page's only use of zod,
 * whose chunk (44 KB brotli) would otherwise be on the page's first load, before anything shows.
 */
function savedState(value: unknown): StoryState | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { version, scene, score, history, flags, pendingScene } = value as Record<string, unknown>;
  const whole = (n: unknown, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): n is number =>
    Number.isSafeInteger(n) && (n as number) >= min && (n as number) <= max;
  const step = (item: unknown) =>
    typeof item === "object" &&
    item !== null &&
    whole((item as { scene?: unknown }).scene) &&
    whole((item as { choice?: unknown }).choice, 0);
  const known = new Set<unknown>(storyFlags);
  if (
    version !== PROGRESS_VERSION ||
    !whole(scene) ||
    !whole(score, HEART_SCORE_MIN, HEART_SCORE_MAX) ||
    !Array.isArray(history) ||
    !history.every(step) ||
    !Array.isArray(flags) ||
    !flags.every((flag) => known.has(flag)) ||
    !(pendingScene === null || whole(pendingScene))
  ) {
    return undefined;
  }
  return {
    scene,
    score,
    history: history.map(({ scene, choice }) => ({ scene, choice })),
    flags: flags as StoryFlag[],
    pendingScene,
  };
}

/** A saved game this story can continue, or undefined (an older format, or something no longer in the story). */
function playableSave(value: unknown, scenes: ReadonlyMap<number, StoryScene>): StoryState | undefined {
  const saved = savedState(value);
  if (!saved) return undefined;
  // A reload during the 300 ms move lands on the scene the choice was moving to.
  const state = storyReducer(saved, { type: "arrive" });
  const scene = scenes.get(state.scene);
  // A scene that is gone, or one the saved flags could not have reached (no choice to offer).
  const playable = scene && (scene.ending || scene.choices.some((choice) => isShown(choice, state.flags)));
  return playable ? state : undefined;
}

/**
 * The game saved in this browser (a new one when nothing playable is saved), whether the server has
 * yet to confirm it, and the server's save it was played on from (its `updated_at`, null for none).
 */
function loadProgress(
  key: string,
  scenes: ReadonlyMap<number, StoryScene>,
): { state: StoryState; unsent: boolean; basedOn: string | null | undefined } {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? "null");
    const state = playableSave(stored, scenes);
    const { unsent, basedOn } = (stored ?? {}) as { unsent?: unknown; basedOn?: unknown };
    const based = typeof basedOn === "string" || basedOn === null ? basedOn : undefined;
    if (state) return { state, unsent: unsent === true, basedOn: based };
  } catch {
    // An unreadable save is no save.
  }
  return { state: newAdventure, unsent: false, basedOn: undefined };
}

/**
 * Whether `game` plays on from `earlier`: the same adventure with every choice `earlier` made, and
 * maybe more (the game is its choices since the last new adventure, so nothing of `earlier` is lost).
 */
function playsOnFrom(game: StoryState, earlier: StoryProgress): boolean {
  return earlier.history.every((step, i) => {
    const made = game.history[i];
    return made !== undefined && made.scene === step.scene && made.choice === step.choice;
  });
}

/** The game as the server keeps it (shared/src/contract/story.ts). */
function toServer(state: StoryState): StoryProgress {
  const { scene, score, history, flags, pendingScene } = state;
  return { version: PROGRESS_VERSION, scene, score, history, flags, pending_scene: pendingScene };
}

/**
 * The server's copy of the partner's game: `progress` is undefined until it is read from the
 * server on this visit (or when it cannot be: the browser's copy carries on alone), null when the
 * server has none yet; `updatedAt` is when it was saved. `save` sends one save (StorySaving).
 */
export interface ServerSaves {
  progress: StoryProgress | null | undefined;
  updatedAt: string | null | undefined;
  save: (saving: StorySaving) => void;
}

/**
 * The story game for one partner: the reducer, the 300 ms move after a choice, and the progress
 * saved in localStorage so a reload continues where the partner left off, and on the server
 * (`server`) so another browser does too. Once read, the server's copy wins over this browser's,
 * unless this browser holds a choice the server never confirmed (a reload while it was on its way)
 * and the server's copy is still the one that choice was made on, or one this game played through:
 * a copy saved since, by another browser, is further on than one unconfirmed choice, and wins. So
 * does one read later on this visit (this page left open while the partner played on elsewhere),
 * and a save of this page made on an older copy than the server's is refused (the server keeps the
 * further game) and the server's copy read again and taken up.
 */
export function useStoryGame(story: readonly StoryScene[], username: string, server?: ServerSaves) {
  const key = progressKey(username);
  const scenes = new Map(story.map((scene) => [scene.id, scene]));
  const [local] = useState(() => loadProgress(key, scenes));
  const [state, dispatch] = useReducer(storyReducer, local.state);
  // The game as it is now, for the server's first answer: choices may have been made since the page
  // opened (offline, or while a slow read was on its way), kept here unsent until that answer.
  const stateNow = useRef(state);
  useEffect(() => {
    stateNow.current = state;
  }, [state]);

  // Whether the server's copy has been read, the save it holds (or was sent) as JSON, and the one on its way.
  const [fromServer, setFromServer] = useState(false);
  const onServer = useRef<string | null>(null);
  const onItsWay = useRef<string | null>(null);
  // The server's save this browser's game stands on (its updated_at), kept with the game.
  const basedOn = useRef(local.basedOn);
  const serverProgress = server?.progress;
  const serverUpdatedAt = server?.updatedAt;
  // Bumped when a save fails: the server's copy, read again or not, is looked at again.
  const [failedSaves, setFailedSaves] = useState(0);
  // A save was refused: the server holds a game other than the one this page stands on.
  const refused = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a failed save (failedSaves) is a trigger
  useEffect(() => {
    if (serverProgress === undefined) return;
    const updatedAt = serverUpdatedAt ?? null;
    let unsentStillApplies = false;
    if (!fromServer) {
      setFromServer(true);
      // Played here and not confirmed (kept unsent from an earlier visit, or chosen since this page
      // opened), standing on the server's copy or on a save of this page's that reached it unanswered
      // (a reload while one choice was saved and the next was waiting for it): a copy played further
      // elsewhere wins.
      const game = stateNow.current;
      unsentStillApplies =
        (local.unsent || game !== local.state) &&
        (local.basedOn === updatedAt || (serverProgress !== null && playsOnFrom(game, serverProgress)));
    } else if (
      onItsWay.current !== null ||
      updatedAt === basedOn.current ||
      (!refused.current && (updatedAt === null || (basedOn.current ?? "") >= updatedAt))
    ) {
      // This page's own save is on its way (its answer says what the server keeps), or this read is
      // of the save the game stands on, or of an older one (a read sent before this page's last save)
      // while nothing says the server holds another: after a refusal, whatever it holds is taken up.
      return;
    }
    refused.current = false;
    basedOn.current = updatedAt;
    if (serverProgress === null) return;
    onServer.current = JSON.stringify(serverProgress);
    if (unsentStillApplies) return;
    const { pending_scene, ...saved } = serverProgress;
    const state = playableSave({ ...saved, pendingScene: pending_scene }, scenes);
    if (state) dispatch({ type: "resume", state });
  }, [fromServer, serverProgress, serverUpdatedAt, scenes, local, failedSaves]);

  const saveOnServer = server?.save;
  useEffect(() => {
    const saved = (unsent: boolean) =>
      JSON.stringify({ version: PROGRESS_VERSION, ...state, ...(unsent ? { unsent } : {}), basedOn: basedOn.current });
    const keep = (unsent: boolean) => localStorage.setItem(key, saved(unsent));
    if (!saveOnServer) return keep(false);
    if (!fromServer) return keep(local.unsent || state !== local.state);
    const progress = toServer(state);
    const json = JSON.stringify(progress);
    if (json === onServer.current) return keep(onItsWay.current === json);
    // None on the server and nothing played here yet: nothing to keep. A save made in this
    // browser before the server kept games goes up here, once (the server has none).
    if (onServer.current === null && state === newAdventure) return keep(false);
    onServer.current = json;
    onItsWay.current = json;
    keep(true);
    saveOnServer({
      progress,
      basedOn: () => basedOn.current,
      onSaved: (updatedAt) => {
        const stillThisSave = localStorage.getItem(key) === saved(true);
        basedOn.current = updatedAt;
        if (onItsWay.current !== json) {
          // A later choice is on its way: the game kept unsent now stands on this save.
          const kept = JSON.parse(localStorage.getItem(key) ?? "null") as { unsent?: boolean } | null;
          if (kept?.unsent) localStorage.setItem(key, JSON.stringify({ ...kept, basedOn: updatedAt }));
          return;
        }
        onItsWay.current = null;
        if (stillThisSave) keep(false);
      },
      onFailed: (refusedNow) => {
        refused.current ||= refusedNow;
        // The last save asked for failed: nothing of this page is on its way any more.
        if (onItsWay.current !== json) return false;
        onItsWay.current = null;
        setFailedSaves((count) => count + 1);
        return true;
      },
    });
  }, [key, state, fromServer, saveOnServer, local]);

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
