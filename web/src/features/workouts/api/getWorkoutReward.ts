import { workoutRewardReply } from "@spankbank/shared/contract/workouts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { workoutKeys } from "./keys";

export const getWorkoutReward = (signal?: AbortSignal) =>
  api.get("/api/workout-reward", workoutRewardReply, { signal, cache: "no-store" });

export const workoutRewardQueryOptions = queryOptions({
  queryKey: workoutKeys.reward(),
  queryFn: ({ signal }) => getWorkoutReward(signal),
  retry: false,
});

export const useWorkoutReward = (enabled: boolean) => useQuery({ ...workoutRewardQueryOptions, enabled });
