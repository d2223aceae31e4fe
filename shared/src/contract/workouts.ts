import { z } from "zod";
import {
  DEFAULT_DISTANCE_UNIT,
  DISTANCE_UNITS,
  WORKOUT_CALORIES_MAX,
  WORKOUT_DISTANCE_MAX,
  WORKOUT_DURATION_MAX,
  WORKOUT_DURATION_MIN,
  WORKOUT_NAME_MAX,
} from "../limits.js";
import { isoDate, text } from "./common.js";

export const workoutBody = z.object({
  name: text(WORKOUT_NAME_MAX),
  duration: z.number().int().min(WORKOUT_DURATION_MIN).max(WORKOUT_DURATION_MAX),
  distance: z.number().min(0).max(WORKOUT_DISTANCE_MAX).nullish(),
  distanceUnit: z.enum(DISTANCE_UNITS).default(DEFAULT_DISTANCE_UNIT),
  calories: z.number().int().min(0).max(WORKOUT_CALORIES_MAX),
  username: z.string().min(1).max(64).optional(),
});
export type WorkoutBody = z.infer<typeof workoutBody>;

export const workout = z.object({
  id: z.int(),
  name: z.string(),
  duration: z.int(),
  distance: z.number().nullable(),
  distanceUnit: z.enum(DISTANCE_UNITS),
  calories: z.int(),
  username: z.string(),
  created_at: isoDate,
});
export type Workout = z.infer<typeof workout>;

/** `reward` is the spanks the workout earned (0 once the daily cap is reached). */
export const workoutReply = z.object({ workout, reward: z.int().min(0) });

/** `GET /api/workout-reward`: what the next workout earns, and how much of today's cap is used. */
export const workoutRewardReply = z.object({
  reward: z.int().min(0),
  rewards_per_day: z.int().min(0),
  rewarded_today: z.int().min(0),
});
export type WorkoutRewardReply = z.infer<typeof workoutRewardReply>;
