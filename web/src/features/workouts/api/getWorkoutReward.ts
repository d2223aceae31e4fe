import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { workoutKeys } from "./keys";

export const getWorkoutReward = (signal?: AbortSignal) =>
  api.get(
    "/api/workout-reward",
    () => import("@spankbank/shared/contract/workouts").then((c) => c.workoutRewardReply),
    { signal, cache: "no-store" },
  );

export const workoutRewardQueryOptions = queryOptions({
  queryKey: workoutKeys.reward(),
  queryFn: ({ signal }) => getWorkoutReward(signal),
  retry: false,
});

export const useWorkoutReward = (enabled: boolean) => useQuery({ ...workoutRewardQueryOptions, enabled });
