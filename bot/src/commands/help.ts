import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";

export const HELP_TEXT = [
  "**Spank Bank commands**",
  "`/memory text [image]`: save a memory (or just post in the memories channel)",
  "`/answer response`: answer the latest question (or reply to the question's message)",
  "`/question now`: post the next question right away",
  "`/question add text`: add your own question to the bank",
  "`/spank amount reason`: award your partner 1 to 100 spanks",
  "`/balance`: your spanks and your partner's",
  "`/spanks`: just your spanks",
  "`/donate amount`: give spanks to your charity",
  'Right-click a message, Apps, "Save as memory": keep any message from either of you',
].join("\n");

/** `/help`: what the bot does. */
export const helpCommand: BotCommand = {
  data: new SlashCommandBuilder().setName("help").setDescription("What Spank Bank can do"),
  async execute(interaction) {
    await interaction.reply({ content: HELP_TEXT, flags: MessageFlags.Ephemeral });
  },
};
