import { HEART_SCORE_MAX, HEART_SCORE_MIN, SCENE_TRANSITION_MS } from "@spankbank/shared/limits";
import { useCallback, useEffect, useReducer } from "react";
import { z } from "zod";
import type { StoryScene } from "../scenes/types";
import { newAdventure, type StoryState, storyReducer } from "./storyEngine";

/** Each partner's own adventure, kept in this browser. */
export const progressKey = (username: string) => `trapped-game:${username}`;

const savedProgress = z.object({
  scene: z.int(),
  score: z.int().min(HEART_SCORE_MIN).max(HEART_SCORE_MAX),
  history: z.array(z.object({ scene: z.int(), choice: z.int().min(0) })),
  pendingScene: z.int().nullable(),
});

/** The saved game, or a new one when nothing (or something no longer in the story) is saved. */
function loadProgress(key: string, scenes: ReadonlyMap<number, StoryScene>): StoryState {
  let parsed: ReturnType<typeof savedProgress.safeParse>;
  try {
    parsed = savedProgress.safeParse(JSON.parse(localStorage.getItem(key) ?? "null"));
  } catch {
    return newAdventure;
  }
  if (!parsed.success) return newAdventure;
  // A reload during the 300 ms move lands on the scene the choice was moving to.
  const state = storyReducer(parsed.data, { type: "arrive" });
  return scenes.has(state.scene) ? state : newAdventure;
}

/**
 * The story game for one partner: the reducer, the 300 ms move after a choice, and the progress
 * saved in localStorage so a reload continues where the partner left off.
 */
export function useStoryGame(story: readonly StoryScene[], username: string) {
  const key = progressKey(username);
  const scenes = new Map(story.map((scene) => [scene.id, scene]));
  const [state, dispatch] = useReducer(storyReducer, undefined, () => loadProgress(key, scenes));

  useEffect(() => {
    localStorage.setItem(key, JSON.stringify(state));
  }, [key, state]);

  useEffect(() => {
    if (state.pendingScene === null) return;
    const timer = setTimeout(() => dispatch({ type: "arrive" }), SCENE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [state.pendingScene]);

  const scene = scenes.get(state.scene)!;
  const choose = useCallback(
    (index: number) => {
      const choice = scene.choices[index];
      if (choice) dispatch({ type: "choose", index, choice });
    },
    [scene],
  );
  const restart = useCallback(() => dispatch({ type: "restart" }), []);

  return { state, scene, moving: state.pendingScene !== null, choose, restart };
}
