import { giveAnswer, latestQuestion, latestQuestionShownAt, questionById } from "@spankbank/db/questions";
import { answersSealedFor } from "@spankbank/db/sealing";
import { RESPONSE_MAX } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { replyDone } from "../replies.js";
import { partnerOf } from "./partner.js";

export const NO_QUESTION_YET = "There is no question yet. Ask one with /question now.";

/** `/answer response`: answer the latest question (as shown when sent); a second answer replaces the first. */
export const answerCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("answer")
    .setDescription("Answer the latest question")
    .addStringOption((o) =>
      o.setName("response").setDescription("Your answer").setRequired(true).setMaxLength(RESPONSE_MAX),
    )
    .addStringOption((o) =>
      o.setName("guess").setDescription("Your guess of your partner's answer").setMaxLength(RESPONSE_MAX),
    ),
  async execute(interaction, context, user) {
    const { db, config } = context;
    // The one the partner saw when sending it: a question posted while it was on its way is not it.
    const shown = latestQuestionShownAt(db, { discordId: interaction.id, at: interaction.createdAt });
    const latest = latestQuestion(db);
    // Answered there already while a newer one is being posted (Discord may show it): these words
    // are for the newer one, never a replacement of the answer given on a guess.
    const answeredShown = shown?.answers.some((answer) => answer.username === user.responseName) ?? false;
    // One already on Discord was posted after these words were sent (or it would be `shown`): read
    // only in that rare case, not at every /answer.
    const beingPosted = (newer: { id: number }) => questionById(db, newer.id)?.discordMessageId === null;
    const question = shown && latest && shown.id !== latest.id && answeredShown && beingPosted(latest) ? latest : shown;
    if (!question) {
      await replyDone(interaction, NO_QUESTION_YET);
      return;
    }
    const response = interaction.options.getString("response", true);
    const guess = interaction.options.getString("guess") ?? undefined;
    const sealing = config.questions.revealAfterBothAnswered;
    const given = giveAnswer(
      db,
      // Dated when sent: a command Discord delivers late (a replay after a dropped connection) never
      // puts its words over an answer given since, on the web or in a reply.
      { userId: user.id, questionId: question.id, response, guess, sealing, writtenAt: interaction.createdAt },
      config.economy,
    );
    const partner = partnerOf(user, context);
    // Sealed for the partner: they have not answered, so they cannot read this one yet.
    const sealedForPartner = answersSealedFor(config.questions.revealAfterBothAnswered, partner, given.answers);
    const said = [
      given.replaced
        ? `Your new answer to "${question.text}" replaced your earlier one.`
        : given.unchanged
          ? given.answers.some((answer) => answer.username === user.responseName && answer.response !== response)
            ? `You answered "${question.text}" again since this reached me, so your newer answer stays.`
            : `Your answer to "${question.text}" was already that; nothing changed.`
          : `Your answer to "${question.text}" is saved.`,
      ...(given.reward > 0 ? [`You earned ${spanks(given.reward)}.`] : []),
      ...(guess === undefined
        ? []
        : given.answers.length >= 2
          ? ["Your guess is beside the answers now."]
          : ["Your guess stays with you until you've both answered."]),
      ...(sealedForPartner ? [`It stays sealed until ${partner.displayName} answers too.`] : []),
    ];
    await replyDone(interaction, said.join(" "));
  },
};
