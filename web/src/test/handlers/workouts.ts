import { HttpResponse, http } from "msw";
import { once } from "../keyedWrites";
import { failure } from "./auth";

/** `sent`: every workout sent; `bodies`: the workouts logged (each paid its reward). */
const state = { sent: [] as unknown[], bodies: [] as unknown[], fail: false, gate: null as Promise<void> | null };

export const workoutBodies = () => state.bodies;
export const sentWorkouts = () => state.sent;
export const failWorkouts = () => {
  state.fail = true;
};
export function holdWorkouts(): () => void {
  let release = () => {};
  state.gate = new Promise((resolve) => {
    release = resolve;
  });
  return release;
}
export function resetWorkouts(): void {
  state.sent = [];
  state.bodies = [];
  state.fail = false;
  state.gate = null;
}

export const workoutHandlers = [
  // The demo economy: 5 spanks a workout, 3 a day; each logged workout here counts as rewarded.
  http.get("/api/workout-reward", () =>
    HttpResponse.json({ reward: 5, rewards_per_day: 3, rewarded_today: Math.min(3, state.bodies.length) }),
  ),
  http.post("/api/log-workout", async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    state.sent.push(body);
    await state.gate;
    if (state.fail) return failure(500, "Internal Server Error", "boom");
    return once(request, JSON.stringify(body), () => {
      state.bodies.push(body);
      const workout = { id: 1, distance: null, username: "alex", created_at: "2026-11-22T10:00:00.000Z", ...body };
      return { status: 201, json: { workout, reward: 5 } };
    });
  }),
];
