import { donate } from "@spankbank/db/charity";
import { spanks } from "@spankbank/shared/spanks";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { replyDone } from "../replies.js";

/** `/donate amount`: give spanks to the couple's charity. */
export const donateCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("donate")
    .setDescription("Donate spanks to your charity")
    .addIntegerOption((o) => o.setName("amount").setDescription("How many spanks").setRequired(true).setMinValue(1)),
  async execute(interaction, { db, config }, user) {
    const amount = interaction.options.getInteger("amount", true);
    const { charityTotal, newSpankTotal } = donate(db, user.id, amount);
    await replyDone(
      interaction,
      `You donated ${spanks(amount)} to ${config.charityName} (${spanks(charityTotal)} in all). You have ${spanks(newSpankTotal)} left.`,
    );
  },
};
