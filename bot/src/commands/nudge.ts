import { sendNudge } from "@spankbank/db/nudges";
import { NUDGE_LINE_MAX } from "@spankbank/shared/limits";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.js";
import { replyDone } from "../replies.js";
import { oncePerInteraction } from "./oncePerInteraction.js";
import { partnerOf } from "./partner.js";

/** `/nudge [line]`: tell your partner you are thinking of them, a handful of times a day at most. */
export const nudgeCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("nudge")
    .setDescription("Tell your partner you're thinking of them")
    .addStringOption((o) =>
      o.setName("line").setDescription("A short line to go with it").setMaxLength(NUDGE_LINE_MAX),
    ),
  async execute(interaction, context, user) {
    const partner = partnerOf(user, context);
    // The interaction's own moment (from its snowflake): the day it counts against is the day it was sent.
    const { leftToday } = oncePerInteraction(interaction, user.id, context, () =>
      sendNudge(context.db, user.id, interaction.options.getString("line") ?? null, interaction.createdAt),
    );
    await replyDone(
      interaction,
      `💗 ${partner.displayName} will know you're thinking of them. ${leftToday === 0 ? "That was your last for today." : `You can send ${leftToday} more today.`}`,
    );
  },
};
