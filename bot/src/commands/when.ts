import { partnersWithDays } from "@spankbank/db/partnerDays";
import { describeBothAwake, partnerStateAt } from "@spankbank/shared/eachOthersDay";
import { SlashCommandBuilder } from "discord.js";
import type { BotCommand, BotContext } from "../context.js";
import { replyDone } from "../replies.js";

/**
 * What `/when` says at `now` to the partner with `discordId`: the other's state, then the next
 * time both are awake, from each partner's effective day (set on the web, else the config's).
 */
export function whenText({ db, config }: BotContext, discordId: string, now: Date): string {
  const partners = partnersWithDays(db, config);
  const me = partners.find((partner) => partner.discordId === discordId)!;
  const other = partners.find((partner) => partner.discordId !== discordId)!;
  const theirTime = new Intl.DateTimeFormat("en-US", {
    timeZone: other.timeZone,
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).format(now);
  return [
    `${other.displayName} is ${partnerStateAt(other, now)} (${theirTime} in ${other.city}).`,
    `${describeBothAwake(me, other, now)}.`,
  ].join("\n");
}

/** `/when`: is your partner asleep, at work or free, and when are you both awake next. */
export const whenCommand: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("when")
    .setDescription("Is your partner asleep, at work or free, and when are you both awake next"),
  async execute(interaction, context, user) {
    // The interaction's own moment (from its snowflake), so the answer is about when it was asked.
    await replyDone(interaction, whenText(context, user.discordId, interaction.createdAt));
  },
};
