import type { WorkoutBody } from "@spankbank/shared/contract/workouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { spankBankKeys } from "@/features/spank-bank/api/keys";
import { api } from "@/lib/api";
import { toast } from "@/lib/toast";
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
 * The spec's toasts are said here, not by the modal: they come when the answer does, also once the
 * partner has left the page meanwhile (mutate()'s own callbacks run only while the modal is there).
 */
export function useLogWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logWorkout,
    onSuccess: () => toast.success("Workout logged successfully!"),
    onError: (error) => {
      console.error("Failed to log workout:", error);
      // A non-OK answer is a failure (SPEC section 7).
      toast.error("Failed to log workout. Please try again.");
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workoutKeys.reward() }),
        queryClient.invalidateQueries({ queryKey: spankBankKeys.spankTotal() }),
      ]),
  });
}
