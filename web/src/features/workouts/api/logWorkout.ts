import type { WorkoutBody } from "@spankbank/shared/contract/workouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { spankBankKeys } from "@/features/spank-bank/api/keys";
import { api } from "@/lib/api";
import { workoutKeys } from "./keys";

export const logWorkout = (workout: WorkoutBody) =>
  api.postOnce("/api/log-workout", workout, () =>
    import("@spankbank/shared/contract/workouts").then((c) => c.workoutReply),
  );

/** Logs a workout; what the next one earns (the daily cap) and the spank total are read again. */
export function useLogWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logWorkout,
    onError: (error) => console.error("Failed to log workout:", error),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workoutKeys.reward() }),
        queryClient.invalidateQueries({ queryKey: spankBankKeys.spankTotal() }),
      ]),
  });
}
