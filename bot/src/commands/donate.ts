import { donate } from "@spankbank/db/charity";
import { PAYMENT_SENT_AGAIN_MS } from "@spankbank/shared/limits";
import { spanks } from "@spankbank/shared/spanks";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { discordTime } from "../post.js";
import { replyDone } from "../replies.js";
import { oncePerInteraction } from "./oncePerInteraction.js";

/** `/donate amount`: give spanks to the couple's charity. */
export const donateCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("donate")
    .setDescription("Donate spanks to your charity")
    .addIntegerOption((o) => o.setName("amount").setDescription("How many spanks").setRequired(true).setMinValue(1)),
  async execute(interaction, context, user) {
    const { db, config } = context;
    const amount = interaction.options.getInteger("amount", true);
    const { charityTotal, newSpankTotal, donatedBefore } = oncePerInteraction(interaction, user.id, context, () =>
      donate(db, user.id, amount, interaction.createdAt, { sameWithinMs: PAYMENT_SENT_AGAIN_MS }),
    );
    await replyDone(
      interaction,
      donatedBefore
        ? `You donated ${spanks(amount)} to ${config.charityName} ${discordTime(donatedBefore, "R")} already, so nothing more was given. You have ${spanks(newSpankTotal)} left.`
        : `You donated ${spanks(amount)} to ${config.charityName} (${spanks(charityTotal)} in all). You have ${spanks(newSpankTotal)} left.`,
    );
  },
};
