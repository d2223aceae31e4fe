/** The workouts' query keys. */
export const workoutKeys = {
  all: ["workouts"] as const,
  reward: () => [...workoutKeys.all, "reward"] as const,
};
