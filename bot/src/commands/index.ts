import type { BotCommand } from "../context.js";
import { spanksCommand } from "./spanks.js";

/** Every slash command, registered by `npm run deploy-commands` and dispatched by name. */
export const commands: readonly BotCommand[] = [spanksCommand];
