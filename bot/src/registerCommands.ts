import { createHash } from "node:crypto";
import { recordSyncedVersion, syncedVersion } from "@spankbank/db/contentVersions";
import { type Client, Routes } from "discord.js";
import { commandRegistrations } from "./commands/index.js";
import type { BotContext } from "./context.js";

const VERSION_NAME = "discord_commands";

/**
 * Registers the commands in the couple's server at start when they changed since the last
 * registration (a hash of what was registered, where, is kept in the database): an upgrade
 * needs no manual `npm run deploy-commands`, and an unchanged start sends nothing. Server
 * commands show at once. Returns whether it registered.
 */
export async function registerCommandsIfChanged(client: Client, context: BotContext): Promise<boolean> {
  const guildId = context.config.discord.guildId;
  const appId = client.application?.id;
  if (!guildId || !appId) {
    console.log(
      "Commands are not registered at start: discord.guildId is not set in the couple config (run `npm run deploy-commands` after upgrades).",
    );
    return false;
  }
  const body = commandRegistrations();
  const hash = createHash("sha256").update(JSON.stringify({ appId, guildId, body })).digest("hex");
  if (syncedVersion(context.db, VERSION_NAME) === hash) return false;
  await client.rest.put(Routes.applicationGuildCommands(appId, guildId), { body });
  recordSyncedVersion(context.db, VERSION_NAME, hash);
  console.log(`Registered ${body.length} commands in server ${guildId} (they changed since the last start).`);
  return true;
}
