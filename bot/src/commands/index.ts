import type { BotCommand, MessageMenuCommand } from "../context.js";
import { answerCommand } from "./answer.js";
import { balanceCommand } from "./balance.js";
import { donateCommand } from "./donate.js";
import { helpCommand } from "./help.js";
import { memoryCommand } from "./memory.js";
import { questionCommand } from "./question.js";
import { saveAsMemoryCommand } from "./saveAsMemory.js";
import { spankCommand } from "./spank.js";
import { spanksCommand } from "./spanks.js";

/** Every slash command, registered by `npm run deploy-commands` and dispatched by name. */
export const commands: readonly BotCommand[] = [
  memoryCommand,
  answerCommand,
  questionCommand,
  spankCommand,
  balanceCommand,
  spanksCommand,
  donateCommand,
  helpCommand,
];

/** Message context-menu commands, registered alongside. */
export const messageMenuCommands: readonly MessageMenuCommand[] = [saveAsMemoryCommand];

/** What `npm run deploy-commands` registers. */
export function commandRegistrations() {
  return [...commands.map((c) => c.data.toJSON()), ...messageMenuCommands.map((c) => c.data.toJSON())];
}
