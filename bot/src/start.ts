import { existsSync } from "node:fs";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { mediaFolder } from "@spankbank/db/media";
import { markRunning } from "@spankbank/db/running";
import { processRuntime, StartupError } from "@spankbank/shared/runtime";
import { Events } from "discord.js";
import { createBot } from "./bot.js";
import type { BotContext } from "./context.js";
import { startOutboxDelivery } from "./outbox/delivery.js";
import { scheduleDailyQuestion } from "./questions/daily.js";

/** Logs the bot in when DISCORD_TOKEN is set; otherwise says once how to turn it on, and exits 0. */
async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const token = process.env.DISCORD_TOKEN;
  if (!token) {
    console.log(
      "Discord bot is off: DISCORD_TOKEN is not set. To turn it on, put DISCORD_TOKEN and DISCORD_APP_ID in .env, run `npm run deploy-commands`, and start again (see README, 'The Discord bot').",
    );
    return;
  }
  const runtime = processRuntime();
  markRunning(runtime.databasePath, "bot");
  const db = openDb(runtime.databasePath);
  syncCouple(db, runtime.config);
  const context: BotContext = { db, config: runtime.config, mediaDir: mediaFolder(db) };
  const client = createBot(context, { api: process.env.DISCORD_API_URL });
  const stops: (() => void)[] = [];
  client.once(Events.ClientReady, () => {
    stops.push(startOutboxDelivery(client, context), scheduleDailyQuestion(client, context));
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const stopOne of stops) stopOne();
    await client.destroy();
    db.$client.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  await client.login(token);
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? `Discord bot cannot start:\n${error.message}` : error);
  process.exit(1);
});
