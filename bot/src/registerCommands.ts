import { type APIApplicationCommand, type Client, Routes } from "discord.js";
import { commandRegistrations } from "./commands/index.js";
import type { BotContext } from "./context.js";

/**
 * Registers the commands in the couple's server at start when what Discord lists there differs
 * from what this version registers (changed by an upgrade, or deleted on Discord's side): an
 * upgrade needs no manual `npm run deploy-commands`, and an unchanged start only reads the list.
 * Server commands show at once. Returns whether it registered.
 */
export async function registerCommandsIfChanged(client: Client, context: BotContext): Promise<boolean> {
  const guildId = context.config.discord.guildId;
  const application = client.application;
  if (!guildId || !application) {
    console.log(
      "Commands are not registered at start: discord.guildId is not set in the couple config (run `npm run deploy-commands` after upgrades).",
    );
    return false;
  }
  const body = commandRegistrations();
  const listed = await application.commands.fetch({ guildId, withLocalizations: true });
  // As sent (the builders' undefined fields dropped): equals takes a key that is present as a
  // value to compare. It reads Discord's own shape, which a registration is without Discord's ids.
  const sent = JSON.parse(JSON.stringify(body)) as APIApplicationCommand[];
  const same = listed.size === sent.length && sent.every((command) => listed.some((c) => c.equals(command)));
  if (same) return false;
  await client.rest.put(Routes.applicationGuildCommands(application.id, guildId), { body });
  console.log(`Registered ${body.length} commands in server ${guildId} (Discord listed other ones).`);
  return true;
}
