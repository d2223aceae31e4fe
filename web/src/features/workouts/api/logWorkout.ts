import { type WorkoutBody, workoutReply } from "@spankbank/shared/contract/workouts";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const logWorkout = (workout: WorkoutBody) => api.post("/api/log-workout", workout, workoutReply);

export const useLogWorkout = () =>
  useMutation({ mutationFn: logWorkout, onError: (error) => console.error("Failed to log workout:", error) });
