import { awardSpanks } from "@spankbank/db/awards";
import { AWARD_MAX, AWARD_MIN, AWARD_REASON_MAX, PAYMENT_SENT_AGAIN_MS } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { discordTime } from "../post.js";
import { replyDone } from "../replies.js";
import { oncePerInteraction } from "./oncePerInteraction.js";
import { partnerOf } from "./partner.js";

/** `/spank amount reason`: award spanks to your partner, up to the daily cap. */
export const spankCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("spank")
    .setDescription("Award spanks to your partner")
    .addIntegerOption((o) =>
      o
        .setName("amount")
        .setDescription("How many spanks")
        .setRequired(true)
        .setMinValue(AWARD_MIN)
        .setMaxValue(AWARD_MAX),
    )
    .addStringOption((o) =>
      o.setName("reason").setDescription("What for").setRequired(true).setMaxLength(AWARD_REASON_MAX),
    ),
  async execute(interaction, context, user) {
    const partner = partnerOf(user, context);
    const amount = interaction.options.getInteger("amount", true);
    const reason = interaction.options.getString("reason", true);
    const { leftToday, givenBefore } = oncePerInteraction(interaction, user.id, context, () =>
      awardSpanks(
        context.db,
        {
          giverId: user.id,
          receiverId: partner.id,
          amount,
          reason,
          // The day it counts against is the day it was sent (the interaction's own moment).
          now: interaction.createdAt,
          sameWithinMs: PAYMENT_SENT_AGAIN_MS,
        },
        context.config.economy.awardCapPerDay,
      ),
    );
    await replyDone(
      interaction,
      givenBefore
        ? `You gave ${partner.displayName} ${spanks(amount)} for "${reason}" ${discordTime(givenBefore, "R")} already, so nothing more was given. To give the same again, give another reason.`
        : `You gave ${partner.displayName} ${spanks(amount)}. You can give ${spanks(leftToday)} more today.`,
    );
  },
};
