import { existsSync, readFileSync } from "node:fs";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { runtimeFrom, StartupError } from "@spankbank/shared/runtime";
import { createBot } from "./bot.js";

/** Logs the bot in when DISCORD_TOKEN is set; otherwise says once how to turn it on, and exits 0. */
async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const token = process.env.DISCORD_TOKEN;
  if (!token) {
    console.log(
      "Discord bot is off: DISCORD_TOKEN is not set. To turn it on, put DISCORD_TOKEN and DISCORD_APP_ID in .env, run `npm run deploy-commands`, and start again (see README, 'Connecting Discord').",
    );
    return;
  }
  const runtime = runtimeFrom(process.env, process.cwd(), (path) =>
    existsSync(path) ? readFileSync(path, "utf8") : undefined,
  );
  const db = openDb(runtime.databasePath);
  syncCouple(db, runtime.config);
  const client = createBot({ db, config: runtime.config });
  const stop = async () => {
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
