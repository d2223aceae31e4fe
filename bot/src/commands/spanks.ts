import { balanceOf } from "@spankbank/db/ledger";
import { spanks } from "@spankbank/shared/spanks";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { replyDone } from "../replies.js";

/** `/spanks`: your spank total, answered only to you (`/balance` also shows the partner's). */
export const spanksCommand: BotCommand = {
  data: new SlashCommandBuilder().setName("spanks").setDescription("See how many spanks you have"),
  async execute(interaction, { db }, user) {
    await replyDone(interaction, `You have ${spanks(balanceOf(db, { userId: user.id }))}`);
  },
};
