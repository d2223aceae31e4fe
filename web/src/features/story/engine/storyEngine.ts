import { HEART_SCORE_MAX, HEART_SCORE_MIN, HEART_SCORE_START, STORY_RECALLS_MAX } from "@spankbank/shared/limits";
import type { StoryChoice, StoryFlag, StoryScene } from "../scenes/types";

/**
 * SPEC section 3, Story state: the current scene, the heart score and every choice made; plus
 * the flags the story remembers (what the two of them found and did), kept sorted.
 */
export interface StoryState {
  scene: number;
  score: number;
  history: { scene: number; choice: number }[];
  flags: StoryFlag[];
  /** The scene a choice is moving to during the 300 ms move; choices are ignored meanwhile. */
  pendingScene: number | null;
}

export type StoryAction =
  | { type: "choose"; index: number; choice: StoryChoice }
  /** The 300 ms move is over: the pending scene becomes the current one. */
  | { type: "arrive" }
  | { type: "restart" }
  /** The game saved in this browser, taken up once the server's rendering of the page is live. */
  | { type: "resume"; state: StoryState };

export const newAdventure: StoryState = {
  scene: 0,
  score: HEART_SCORE_START,
  history: [],
  flags: [],
  pendingScene: null,
};

export function clampScore(score: number): number {
  return Math.min(HEART_SCORE_MAX, Math.max(HEART_SCORE_MIN, score));
}

/** The flags after a choice: the old ones and the choice's own, once each, sorted. */
export function withFlags(flags: readonly StoryFlag[], gives: readonly StoryFlag[] = []): StoryFlag[] {
  return [...new Set([...flags, ...gives])].sort();
}

/** Whether a choice is offered with these flags remembered. */
export function isShown(choice: StoryChoice, flags: readonly StoryFlag[]): boolean {
  return (
    (choice.needs ?? []).every((flag) => flags.includes(flag)) &&
    !(choice.lacks ?? []).some((flag) => flags.includes(flag))
  );
}

/** What a player sees of a scene with these flags and this score: its text, message and choices. */
export interface SceneView {
  text: string;
  /** An ending's sentences about what the player did (empty elsewhere). */
  recalls: string[];
  partnerMessage: string;
  /** The choices shown, each with its index in the scene's own list (the history records that). */
  choices: { choice: StoryChoice; index: number }[];
}

export function sceneView(scene: StoryScene, flags: readonly StoryFlag[], score: number): SceneView {
  const variant = scene.variants?.find(({ when }) => when.every((flag) => flags.includes(flag)));
  const shade = scene.shades?.find(({ min }) => score >= min);
  return {
    text: shade ? `${scene.text} ${shade.text}` : (variant?.text ?? scene.text),
    recalls: (scene.recalls ?? [])
      .filter(({ flag }) => flags.includes(flag))
      .slice(0, STORY_RECALLS_MAX)
      .map(({ line }) => line),
    partnerMessage: shade?.partnerMessage ?? variant?.partnerMessage ?? scene.partnerMessage,
    choices: scene.choices.map((choice, index) => ({ choice, index })).filter(({ choice }) => isShown(choice, flags)),
  };
}

/** The game as a pure reducer; the hook around it runs the 300 ms move and keeps the progress. */
export function storyReducer(state: StoryState, action: StoryAction): StoryState {
  switch (action.type) {
    case "resume":
      return action.state;
    case "choose": {
      if (state.pendingScene !== null) return state;
      if (action.choice.restart) return newAdventure;
      return {
        scene: state.scene,
        score: clampScore(state.score + action.choice.score),
        history: [...state.history, { scene: state.scene, choice: action.index }],
        flags: withFlags(state.flags, action.choice.gives),
        pendingScene: action.choice.next,
      };
    }
    case "arrive":
      return state.pendingScene === null ? state : { ...state, scene: state.pendingScene, pendingScene: null };
    case "restart":
      return newAdventure;
  }
}
