import { processEnv, processRuntime } from "@spankbank/shared/runtime";
import { deployCommands } from "./deploy.js";

/** Registers the commands: in the couple's server when guildId is configured (instant), else globally. */
async function main(): Promise<void> {
  const env = processEnv();
  const token = env.DISCORD_TOKEN;
  const appId = env.DISCORD_APP_ID;
  if (!token || !appId) throw new Error("Set DISCORD_TOKEN and DISCORD_APP_ID (in .env) first.");
  const guildId = processRuntime().config.discord.guildId;
  const registered = await deployCommands({ token, appId, guildId, api: env.DISCORD_API_URL }, (text) =>
    console.log(text),
  );
  if (!registered) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
