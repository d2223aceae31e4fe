/**
 * The story's data shape (SPEC section 3, Story scene). Scene text and partner messages speak with
 * the couple's own names through two tokens, replaced at render time from the session:
 * `{me}` is the signed-in partner (the player), `{partner}` the other one. No literal names.
 */

/** SPEC section 4: the time-of-day label takes one of these. */
export const timesOfDay = [
  "night",
  "morning",
  "afternoon",
  "evening",
  "sunset",
  "golden",
  "golden_hour",
  "late_afternoon",
] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

/** Where a scene happens; the page paints a background per style, tinted by the time of day. */
export const backgroundStyles = [
  "cabin",
  "forest",
  "lake",
  "cave",
  "lighthouse",
  "library",
  "garden",
  "rooftop",
  "train",
  "beach",
  "village",
  "attic",
] as const;
export type BackgroundStyle = (typeof backgroundStyles)[number];

export interface StoryChoice {
  text: string;
  /** The scene this choice leads to (for a restart choice: 0). */
  next: number;
  /** Added to the heart score (clamped to 0..100 by the engine). */
  score: number;
  /** A short label for the path this choice belongs to, e.g. "brave", "tender", "playful". */
  path: string;
  /** Set on the endings' 'Start New Adventure': the game starts over. */
  restart?: boolean;
}

export interface StoryScene {
  /** 0..105, gaps allowed; 0 is the start. */
  id: number;
  text: string;
  /** What the partner says in this scene, shown quoted. */
  partnerMessage: string;
  /** 2 or 3 choices; an ending has exactly one: 'Start New Adventure' with `restart: true`. */
  choices: StoryChoice[];
  background: BackgroundStyle;
  timeOfDay: TimeOfDay;
  /** One of exactly two endings. */
  ending?: boolean;
}
