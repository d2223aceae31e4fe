import { addBankQuestion, askQuestionNow, withdrawUnpostedQuestion } from "@spankbank/db/questions";
import { BANK_QUESTION_MAX } from "@spankbank/shared/limits";
import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { logError } from "../logging.js";
import { postQuestion, questionPostedAfterAll } from "../questions/post.js";
import { replyDone } from "../replies.js";

export const NOT_POSTED =
  "Discord did not take the question, so nothing was asked. Please try /question now again in a minute.";
export const NOT_CONFIRMED =
  "Discord did not say whether it took the question. If it shows in the channel, a reply to it is an answer; if it does not, try /question now again in a minute.";

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
      await replyDone(interaction, `Added to the bank: "${added.text}"`);
      return;
    }
    // Posting goes through Discord: defer so the 3-second answer window is never missed.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const question = askQuestionNow(context.db, context.config);
    if (!question) {
      await replyDone(interaction, "No question in the bank fits you two right now. Add one with /question add.");
      return;
    }
    const channelId = context.config.discord.questionsChannelId ?? interaction.channelId;
    try {
      await postQuestion(interaction.client, context, question, channelId);
    } catch (error) {
      logError(`Posting question #${question.id} failed`, error);
      // Recorded when the channel shows Discord took it after all (its answer lost on the way back).
      // Otherwise taken back, so it can be asked again at once; a post Discord took unseen (the
      // channel unreadable just now) still gets its question back with the first reply to it
      // (`questionOfUnrecordedPost`).
      const posted = await questionPostedAfterAll(interaction.client, context, question, channelId).then(
        (id) => (id === undefined ? "absent" : "found"),
        () => "unread" as const,
      );
      if (posted !== "found") {
        withdrawUnpostedQuestion(context.db, question.id);
        await replyDone(interaction, posted === "absent" ? NOT_POSTED : NOT_CONFIRMED);
        return;
      }
    }
    await replyDone(interaction, `Asked: "${question.text}"`);
  },
};
