import { awardSpanks } from "@spankbank/db/awards";
import { AWARD_MAX, AWARD_MIN, AWARD_REASON_MAX } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { replyDone } from "../replies.js";
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
    const { leftToday } = awardSpanks(
      context.db,
      { giverId: user.id, receiverId: partner.id, amount, reason },
      context.config.economy.awardCapPerDay,
    );
    await replyDone(
      interaction,
      `You gave ${partner.displayName} ${spanks(amount)}. You can give ${spanks(leftToday)} more today.`,
    );
  },
};
