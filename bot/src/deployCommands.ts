import { existsSync, readFileSync } from "node:fs";
import { runtimeFrom } from "@spankbank/shared/runtime";
import { REST, Routes } from "discord.js";
import { commands } from "./commands/index.js";

/** Registers the slash commands: in the couple's server when guildId is configured (instant), else globally. */
async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const token = process.env.DISCORD_TOKEN;
  const appId = process.env.DISCORD_APP_ID;
  if (!token || !appId) throw new Error("Set DISCORD_TOKEN and DISCORD_APP_ID (in .env) first.");
  const guildId = runtimeFrom(process.env, process.cwd(), (path) =>
    existsSync(path) ? readFileSync(path, "utf8") : undefined,
  ).config.discord.guildId;
  const rest = new REST().setToken(token);
  const body = commands.map((command) => command.data.toJSON());
  const route = guildId ? Routes.applicationGuildCommands(appId, guildId) : Routes.applicationCommands(appId);
  await rest.put(route, { body });
  console.log(`Registered ${body.length} commands ${guildId ? `in server ${guildId}` : "globally"}.`);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
