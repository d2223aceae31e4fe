import { setupServer } from "msw/node";
import { authHandlers } from "./handlers/auth";
import { memoryHandlers } from "./handlers/memories";
import { questionHandlers } from "./handlers/questions";
import { workoutHandlers } from "./handlers/workouts";

/** The /api as the tests see it: one handler file per resource. */
export const server = setupServer(...authHandlers, ...memoryHandlers, ...questionHandlers, ...workoutHandlers);
