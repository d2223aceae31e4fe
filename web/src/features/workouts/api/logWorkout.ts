import type { WorkoutBody } from "@spankbank/shared/contract/workouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { spankBankKeys } from "@/features/spank-bank/api/keys";
import { api } from "@/lib/api";
import { workoutKeys } from "./keys";

/** A workout from the modal; `write` is the modal's write (`newWrite`), one until the server answers it. */
export const logWorkout = ({ write, ...workout }: WorkoutBody & { write?: string }) =>
  api.postOnce(
    "/api/log-workout",
    workout,
    () => import("@spankbank/shared/contract/workouts").then((c) => c.workoutReply),
    { write },
  );

/**
 * Logs a workout; what the next one earns (the daily cap) and the spank total are read again, also
 * after an error: a lost answer or a 422 (written already) may have logged it and paid its reward.
 */
export function useLogWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logWorkout,
    onError: (error) => console.error("Failed to log workout:", error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workoutKeys.reward() }),
        queryClient.invalidateQueries({ queryKey: spankBankKeys.spankTotal() }),
      ]),
  });
}
