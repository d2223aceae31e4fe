import { setupServer } from "msw/node";
import { authHandlers } from "./handlers/auth";

/** The /api as the tests see it: one handler file per resource. */
export const server = setupServer(...authHandlers);
