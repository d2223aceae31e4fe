import { HEART_SCORE_MAX, HEART_SCORE_MIN, HEART_SCORE_START } from "@spankbank/shared/limits";
import type { StoryChoice } from "../scenes/types";

/** SPEC section 3, Story state: the current scene, the heart score and every choice made. */
export interface StoryState {
  scene: number;
  score: number;
  history: { scene: number; choice: number }[];
  /** The scene a choice is moving to during the 300 ms move; choices are ignored meanwhile. */
  pendingScene: number | null;
}

export type StoryAction =
  | { type: "choose"; index: number; choice: StoryChoice }
  /** The 300 ms move is over: the pending scene becomes the current one. */
  | { type: "arrive" }
  | { type: "restart" };

export const newAdventure: StoryState = { scene: 0, score: HEART_SCORE_START, history: [], pendingScene: null };

export function clampScore(score: number): number {
  return Math.min(HEART_SCORE_MAX, Math.max(HEART_SCORE_MIN, score));
}

/** The game as a pure reducer; the hook around it runs the 300 ms move and keeps the progress. */
export function storyReducer(state: StoryState, action: StoryAction): StoryState {
  switch (action.type) {
    case "choose": {
      if (state.pendingScene !== null) return state;
      if (action.choice.restart) return newAdventure;
      return {
        scene: state.scene,
        score: clampScore(state.score + action.choice.score),
        history: [...state.history, { scene: state.scene, choice: action.index }],
        pendingScene: action.choice.next,
      };
    }
    case "arrive":
      return state.pendingScene === null ? state : { ...state, scene: state.pendingScene, pendingScene: null };
    case "restart":
      return newAdventure;
  }
}
