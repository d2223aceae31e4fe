import { answerQuestion, latestQuestion } from "@spankbank/db/questions";
import { RESPONSE_MAX } from "@spankbank/shared/limits";
import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";

export const NO_QUESTION_YET = "There is no question yet. Ask one with /question now.";

/** `/answer response`: answer the latest question; a second answer replaces the first. */
export const answerCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("answer")
    .setDescription("Answer the latest question")
    .addStringOption((o) =>
      o.setName("response").setDescription("Your answer").setRequired(true).setMaxLength(RESPONSE_MAX),
    ),
  async execute(interaction, { db, config }, user) {
    const question = latestQuestion(db);
    if (!question) {
      await interaction.reply({ content: NO_QUESTION_YET, flags: MessageFlags.Ephemeral });
      return;
    }
    const response = interaction.options.getString("response", true);
    answerQuestion(db, { userId: user.id, questionId: question.id, response }, config.economy);
    await interaction.reply({
      content: `Your answer to "${question.text}" is saved.`,
      flags: MessageFlags.Ephemeral,
    });
  },
};
