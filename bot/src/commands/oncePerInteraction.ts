import { Refusal } from "@spankbank/db/errors";
import { onceForKey } from "@spankbank/db/onceForKey";
import type { ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../context.js";

/**
 * A command's write, once per Discord interaction: the same interaction delivered again (a
 * gateway's replay, a second session on the bot's token) gets the first one's outcome, and
 * nothing is written twice. Its Refusal is thrown, as the write's own would be.
 */
export function oncePerInteraction<T>(
  interaction: ChatInputCommandInteraction,
  userId: number,
  { db }: BotContext,
  write: () => T,
): T {
  const { outcome } = onceForKey(
    db,
    { userId, key: `discord-interaction:${interaction.id}`, request: interaction.commandName },
    write,
  );
  if (outcome instanceof Refusal) throw outcome;
  return outcome;
}
