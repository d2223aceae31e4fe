import { type ChatInputCommandInteraction, type Interaction, MessageFlags } from "discord.js";
import { commands } from "../commands/index.js";
import type { BotContext } from "../context.js";

const byName = new Map(commands.map((command) => [command.data.name, command]));

/**
 * Runs the slash command an interaction names. Only the two partners may use the bot; every
 * failure is answered privately (followUp once a reply was already sent).
 */
export async function onInteractionCreate(interaction: Interaction, context: BotContext): Promise<void> {
  if (!interaction.isChatInputCommand()) return;
  const isPartner = context.config.partners.some((partner) => partner.discordId === interaction.user.id);
  if (!isPartner) {
    await answerPrivately(interaction, "Spank Bank is private to one couple, sorry!");
    return;
  }
  const command = byName.get(interaction.commandName);
  if (!command) {
    await answerPrivately(interaction, `I don't know the command /${interaction.commandName}.`);
    return;
  }
  try {
    await command.execute(interaction, context);
  } catch (error) {
    console.error(`/${interaction.commandName} failed`, error);
    await answerPrivately(interaction, "Something went wrong with that command. Please try again.");
  }
}

async function answerPrivately(interaction: ChatInputCommandInteraction, content: string): Promise<void> {
  if (interaction.replied || interaction.deferred) {
    await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  } else {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  }
}
