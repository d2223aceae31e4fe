import { balanceOf } from "@spankbank/db/ledger";
import { spanks } from "@spankbank/shared/spanks";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { replyDone } from "../replies.js";
import { partnerOf } from "./partner.js";

/** `/balance`: your spanks and your partner's. */
export const balanceCommand: BotCommand = {
  data: new SlashCommandBuilder().setName("balance").setDescription("See your spanks and your partner's"),
  async execute(interaction, context, user) {
    const partner = partnerOf(user, context);
    const mine = balanceOf(context.db, { userId: user.id });
    const theirs = balanceOf(context.db, { userId: partner.id });
    await replyDone(interaction, `You have ${spanks(mine)}. ${partner.displayName} has ${spanks(theirs)}.`);
  },
};
