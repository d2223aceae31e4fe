import { latestRevealedQuestion, rateGuess } from "@spankbank/db/questions";
import { GUESS_RATINGS, type GuessRating } from "@spankbank/shared/contract/questions";
import { spanks } from "@spankbank/shared/spanks";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { replyDone } from "../replies.js";
import { partnerOf } from "./partner.js";

export const NOTHING_TO_RATE_YET = "There is no guess to rate yet: a guess is rated once you've both answered.";

/** The ratings as the web's buttons name them. */
const RATING_NAMES: Record<GuessRating, string> = { nailed: "Nailed it", close: "Close", not_quite: "Not quite" };

/** `/guess rating`: rate your partner's guess of your answer on the latest question you've both answered. */
export const guessCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("guess")
    .setDescription("Rate your partner's guess of your answer to the latest revealed question")
    .addStringOption((o) =>
      o
        .setName("rating")
        .setDescription("How close they came")
        .setRequired(true)
        .addChoices(GUESS_RATINGS.map((value) => ({ name: RATING_NAMES[value], value }))),
    ),
  async execute(interaction, context, user) {
    const { db, config } = context;
    // The one revealed when it was sent: a newer one revealed before the bot read it was not seen.
    const question = latestRevealedQuestion(db, interaction.createdAt);
    if (!question) {
      await replyDone(interaction, NOTHING_TO_RATE_YET);
      return;
    }
    const rating = interaction.options.getString("rating", true) as GuessRating;
    const partner = partnerOf(user, context);
    const guess = question.answers.find(
      (answer) => answer.username.toLowerCase() === partner.responseName.toLowerCase(),
    )?.guess;
    const rated = rateGuess(db, { questionId: question.id, userId: user.id, rating }, config.economy);
    const what = `${partner.displayName}'s guess "${guess?.text}" on "${question.text}"`;
    await replyDone(
      interaction,
      guess?.rating === rating
        ? `You already rated ${what} ${RATING_NAMES[rating]}; nothing changed.`
        : [
            `You rated ${what} ${RATING_NAMES[rating]}.`,
            ...(rated.reward > 0 ? [`You each earned ${spanks(rated.reward)}.`] : []),
          ].join(" "),
    );
  },
};
