import { z } from "zod";
import {
  HEART_SCORE_MAX,
  HEART_SCORE_MIN,
  STORY_CHOICE_MAX,
  STORY_FLAG_LENGTH_MAX,
  STORY_FLAGS_MAX,
  STORY_HISTORY_MAX,
  STORY_SCENE_MAX,
} from "../limits.js";
import { isoDate } from "./common.js";

const sceneNumber = z.int().min(0).max(STORY_SCENE_MAX);

/**
 * PUT /api/story-progress: the signed-in partner's saved story game, as the page saves it. The
 * page checks the scenes and flags against the story it has; the server checks only the shape.
 */
export const storyProgress = z.strictObject({
  /** The save's format (the page starts a new adventure from a save of an older format). */
  version: z.int().min(1).max(1000),
  scene: sceneNumber,
  score: z.int().min(HEART_SCORE_MIN).max(HEART_SCORE_MAX),
  /** Every choice made since the adventure began. */
  history: z
    .array(z.strictObject({ scene: sceneNumber, choice: z.int().min(0).max(STORY_CHOICE_MAX) }))
    .max(STORY_HISTORY_MAX),
  /** What the story remembers the player found and did. */
  flags: z
    .array(
      z
        .string()
        .max(STORY_FLAG_LENGTH_MAX)
        // The story's flags are written in camelCase ("cellarKey").
        .regex(/^[a-z][A-Za-z0-9_]*$/, "must be a story flag (letters, digits and _, from a lower case letter)"),
    )
    .max(STORY_FLAGS_MAX),
  /** The scene a choice was moving to when it was saved, or null. */
  pending_scene: sceneNumber.nullable(),
});
export type StoryProgress = z.infer<typeof storyProgress>;

/**
 * PUT /api/story-progress's body: the game, and `based_on`, the `updated_at` of the save this
 * browser's game stands on (null: none yet). A game saved since on another device is refused.
 */
export const storySave = storyProgress.extend({ based_on: isoDate.nullable().optional() });
export type StorySave = z.infer<typeof storySave>;

/** GET and PUT /api/story-progress: the partner's saved game (null before they first play) and when it was saved. */
export const storyProgressReply = z.object({
  progress: storyProgress.nullable(),
  updated_at: isoDate.nullable(),
});
export type StoryProgressReply = z.infer<typeof storyProgressReply>;
