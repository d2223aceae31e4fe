import { setupServer } from "msw/node";
import { authHandlers } from "./handlers/auth";
import { letterHandlers } from "./handlers/letters";

/** The /api as the tests see it: one handler file per resource. */
export const server = setupServer(...authHandlers, ...letterHandlers);
