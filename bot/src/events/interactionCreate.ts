import { userByDiscordId } from "@spankbank/db/couple";
import { Refusal } from "@spankbank/db/errors";
import type { Interaction } from "discord.js";
import { commands, messageMenuCommands } from "../commands/index.js";
import type { BotContext } from "../context.js";
import { logError } from "../logging.js";
import { answerPrivately, outcomeOf } from "../replies.js";

export { answerPrivately } from "../replies.js";

const slashByName = new Map(commands.map((command) => [command.data.name, command]));
const menuByName = new Map(messageMenuCommands.map((command) => [command.data.name, command]));

export const STRANGER_REFUSAL = "Spank Bank is private to one couple, sorry!";
export const APOLOGY = "Something went wrong with that command. Please try again.";

/**
 * Runs the command an interaction names. Only the two partners may use the bot; a refusal is
 * shown privately as it is. A failure after the command's work was done (its reply was lost)
 * repeats what was done; any other failure is logged and answered with a private apology.
 */
export async function onInteractionCreate(interaction: Interaction, context: BotContext): Promise<void> {
  if (!interaction.isChatInputCommand() && !interaction.isMessageContextMenuCommand()) return;
  const user = userByDiscordId(context.db, interaction.user.id);
  const isPartner = context.config.partners.some((partner) => partner.discordId === interaction.user.id);
  if (!user || !isPartner) {
    await answerPrivately(interaction, STRANGER_REFUSAL);
    return;
  }
  const name = interaction.commandName;
  try {
    if (interaction.isChatInputCommand()) {
      const command = slashByName.get(name);
      if (!command) return await answerPrivately(interaction, `I don't know the command /${name}.`);
      await command.execute(interaction, context, user);
    } else {
      const command = menuByName.get(name);
      if (!command) return await answerPrivately(interaction, `I don't know the command ${name}.`);
      await command.execute(interaction, context, user);
    }
  } catch (error) {
    if (error instanceof Refusal) return await answerPrivately(interaction, error.message);
    const done = outcomeOf(interaction);
    logError(done ? `Command ${name} was done but its reply failed` : `Command ${name} failed`, error);
    await answerPrivately(interaction, done ?? APOLOGY);
  }
}
