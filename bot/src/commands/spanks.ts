import { balanceOf } from "@spankbank/db/ledger";
import { MessageFlags, SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";

/** `/spanks`: your spank total, answered only to you (`/balance` also shows the partner's). */
export const spanksCommand: BotCommand = {
  data: new SlashCommandBuilder().setName("spanks").setDescription("See how many spanks you have"),
  async execute(interaction, { db }, user) {
    const total = balanceOf(db, { userId: user.id });
    await interaction.reply({ content: `You have ${total} spanks`, flags: MessageFlags.Ephemeral });
  },
};
