import { MessageFlags, type RepliableInteraction } from "discord.js";

/** What each command did, told before the reply is sent: a failed reply then repeats it, never an apology. */
const outcomes = new WeakMap<RepliableInteraction, string>();

/**
 * The private answer of a command whose work is done. It is remembered first, so if Discord
 * loses the reply the partner is told what happened, not invited to do it twice.
 */
export async function replyDone(interaction: RepliableInteraction, content: string): Promise<void> {
  outcomes.set(interaction, content);
  await answerPrivately(interaction, content);
}

/** What a command told (or meant to tell) about its finished work; undefined while it has not finished. */
export function outcomeOf(interaction: RepliableInteraction): string | undefined {
  return outcomes.get(interaction);
}

/** A private answer, whatever state the interaction is in (fresh, deferred or answered). */
export async function answerPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  if (interaction.deferred && !interaction.replied) {
    await interaction.editReply({ content });
  } else if (interaction.replied) {
    await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  } else {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  }
}
