import { addBankQuestion, askNextQuestion, BANK_QUESTION_MAX } from "@spankbank/db/questions";
import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { postQuestion } from "../questions/post.js";

/** `/question now` posts the next question at once; `/question add text` adds one to the bank. */
export const questionCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("question")
    .setDescription("Ask a question now, or add one to the bank")
    .addSubcommand((s) => s.setName("now").setDescription("Post the next question right now"))
    .addSubcommand((s) =>
      s
        .setName("add")
        .setDescription("Add a question to the bank")
        .addStringOption((o) =>
          o.setName("text").setDescription("The question").setRequired(true).setMaxLength(BANK_QUESTION_MAX),
        ),
    ),
  async execute(interaction, context, user) {
    if (interaction.options.getSubcommand() === "add") {
      const added = addBankQuestion(context.db, interaction.options.getString("text", true), user.id);
      await interaction.reply({ content: `Added to the bank: "${added.text}"`, flags: MessageFlags.Ephemeral });
      return;
    }
    // Posting goes through Discord: defer so the 3-second answer window is never missed.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const question = askNextQuestion(context.db);
    if (!question) {
      await interaction.editReply({ content: "The question bank is empty. Add one with /question add." });
      return;
    }
    const channelId = context.config.discord.questionsChannelId ?? interaction.channelId;
    await postQuestion(interaction.client, context, question, channelId);
    await interaction.editReply({ content: `Asked: "${question.text}"` });
  },
};
