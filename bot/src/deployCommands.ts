import { processEnv, processRuntime } from "@spankbank/shared/runtime";
import { REST, Routes } from "discord.js";
import { commandRegistrations } from "./commands/index.js";
import { inviteUrl } from "./permissions.js";

/** Registers the commands: in the couple's server when guildId is configured (instant), else globally. */
async function main(): Promise<void> {
  const env = processEnv();
  const token = env.DISCORD_TOKEN;
  const appId = env.DISCORD_APP_ID;
  if (!token || !appId) throw new Error("Set DISCORD_TOKEN and DISCORD_APP_ID (in .env) first.");
  const guildId = processRuntime().config.discord.guildId;
  const api = env.DISCORD_API_URL;
  const rest = new REST(api ? { api } : {}).setToken(token);
  const body = commandRegistrations();
  const route = guildId ? Routes.applicationGuildCommands(appId, guildId) : Routes.applicationCommands(appId);
  await rest.put(route, { body });
  console.log(`Registered ${body.length} commands ${guildId ? `in server ${guildId}` : "globally"}.`);
  console.log(`Invite the bot to your server with:\n${inviteUrl(appId)}`);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
