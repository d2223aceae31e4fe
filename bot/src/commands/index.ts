import { InteractionContextType, PermissionFlagsBits, type RESTPostAPIApplicationCommandsJSONBody } from "discord.js";
import type { BotCommand, MessageMenuCommand } from "../context.js";
import { answerCommand } from "./answer.js";
import { balanceCommand } from "./balance.js";
import { bountyCommand } from "./bounty.js";
import { donateCommand } from "./donate.js";
import { guessCommand } from "./guess.js";
import { helpCommand } from "./help.js";
import { lettersCommand } from "./letters.js";
import { memoryCommand } from "./memory.js";
import { nudgeCommand } from "./nudge.js";
import { questionCommand } from "./question.js";
import { saveAsMemoryCommand } from "./saveAsMemory.js";
import { spankCommand } from "./spank.js";
import { spanksCommand } from "./spanks.js";
import { visitCommand } from "./visit.js";
import { whenCommand } from "./when.js";

/** Every slash command, registered by `npm run deploy-commands` and dispatched by name. */
export const commands: readonly BotCommand[] = [
  memoryCommand,
  answerCommand,
  guessCommand,
  questionCommand,
  spankCommand,
  balanceCommand,
  spanksCommand,
  donateCommand,
  whenCommand,
  lettersCommand,
  visitCommand,
  nudgeCommand,
  bountyCommand,
  helpCommand,
];

/** Message context-menu commands, registered alongside. */
export const messageMenuCommands: readonly MessageMenuCommand[] = [saveAsMemoryCommand];

/**
 * Who sees the commands by default: members who may manage the server (the couple who made it).
 * A stranger in the server does not; a partner without that permission is allowed in Server
 * Settings, Integrations, Spank Bank (README, "The Discord bot").
 */
export const DEFAULT_MEMBER_PERMISSIONS = PermissionFlagsBits.ManageGuild;

/** What is registered (at start in the couple's server, or by `npm run deploy-commands`): server only, never in DMs. */
export function commandRegistrations(): RESTPostAPIApplicationCommandsJSONBody[] {
  return [...commands.map((c) => c.data.toJSON()), ...messageMenuCommands.map((c) => c.data.toJSON())].map(
    (command) => ({
      ...command,
      default_member_permissions: DEFAULT_MEMBER_PERMISSIONS.toString(),
      contexts: [InteractionContextType.Guild],
    }),
  );
}
