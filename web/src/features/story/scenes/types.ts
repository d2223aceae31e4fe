import type { StoryThing } from "./things";

/**
 * The story's data shape (SPEC section 3, Story scene). Scene text and partner messages speak with
 * the couple's own names through two tokens, replaced at render time from the session:
 * `{me}` is the signed-in partner (the player), `{partner}` the other one. No literal names.
 */

/**
 * What a text says about the story's things (`storyThings`): those it `introduces` (a reader meets
 * them here) and those it `mentions` as already met on the way here. Every path must meet a thing
 * before a text mentions it; a scene's own things count for its choices.
 */
export interface Mentions {
  introduces?: StoryThing[];
  mentions?: StoryThing[];
}

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

/**
 * What the story remembers besides the score: things the two of them found, did or learned.
 * A choice gives flags; a scene or choice needs them. The graph test proves every need is met on
 * every path a player can take.
 */
export const storyFlags = [
  "cellarKey",
  "lantern",
  "map",
  "packed",
  "peaches",
  "initials",
  "secret",
  "danced",
  "sawWindow",
  "bellRung",
  "galleryOpen",
  "wished",
  "skates",
  "hutNote",
  "sled",
  "snowCouple",
  "roseBook",
  "tinBox",
  "ticket",
  "lighthouseKey",
  "postcards",
  "bun",
  "duet",
  "stamped",
  "logbook",
  "lampLit",
  "boatComing",
  "keeper",
  "noteLeft",
  "longWay",
  "saidIt",
] as const;
export type StoryFlag = (typeof storyFlags)[number];

/** The one path label: the golden path, a single way from scene 0 to an ending at full heart. */
export const GOLDEN = "golden";

export interface StoryChoice extends Mentions {
  text: string;
  /** The scene this choice leads to (for a restart choice: 0). */
  next: number;
  /** Added to the heart score (clamped to 0..100 by the engine). */
  score: number;
  /** Set only on the golden path's choices. */
  path?: typeof GOLDEN;
  /** Set on the endings' 'Start New Adventure': the game starts over. */
  restart?: boolean;
  /** Remembered once this choice is made. */
  gives?: StoryFlag[];
  /** Shown only when all of these are remembered. */
  needs?: StoryFlag[];
  /** Shown only when none of these is remembered (the other side of a choice that needs them). */
  lacks?: StoryFlag[];
}

/**
 * Text shown instead of the scene's own when every flag in `when` is remembered (first match wins).
 * Its things replace the scene's when it declares any.
 */
export interface StoryVariant extends Mentions {
  when: StoryFlag[];
  text?: string;
  partnerMessage?: string;
}

/**
 * An ending's text (after its title, the scene's own text) for a heart score of `min` and more,
 * the first that fits; the lowest shade starts at 0. Its partner message, if any, replaces the scene's.
 */
export interface EndingShade extends Mentions {
  min: number;
  text: string;
  partnerMessage?: string;
}

/** A sentence an ending adds when the player did the thing `flag` remembers. */
export interface EndingRecall {
  flag: StoryFlag;
  line: string;
}

export interface StoryScene extends Mentions {
  /** 0..105, gaps allowed; 0 is the start. */
  id: number;
  /** The scene text; for an ending, its title, followed by the shade for the heart score. */
  text: string;
  /** What the partner says in this scene, shown quoted. */
  partnerMessage: string;
  /**
   * 2 or 3 shown at a time (choices that need or lack flags are hidden accordingly); an ending has
   * exactly one: 'Start New Adventure' with `restart: true`.
   */
  choices: StoryChoice[];
  background: BackgroundStyle;
  timeOfDay: TimeOfDay;
  /** The scene's text assumes these: every path into it must have them. */
  needs?: StoryFlag[];
  variants?: StoryVariant[];
  /** One of exactly two endings. */
  ending?: boolean;
  /** An ending's text by heart score, at least three shades. */
  shades?: EndingShade[];
  /** An ending recalls two or three of these, in this order, from what the player did. */
  recalls?: EndingRecall[];
}
