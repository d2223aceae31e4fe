// First: an older Node stops here in one line, before anything loads better-sqlite3.
import "@spankbank/shared/nodeVersion";
import { openDb } from "@spankbank/db/client";
import { syncCouple } from "@spankbank/db/couple";
import { mediaFolder } from "@spankbank/db/media";
import { markRunning } from "@spankbank/db/running";
import {
  markSetUp,
  refuseAnotherCouplesDatabase,
  refuseFreshInstallOverLostData,
  startupDatabaseError,
} from "@spankbank/db/startChecks";
import { BOT_STOP_DRAIN_MS } from "@spankbank/shared/limits";
import { processEnv, processRuntime, StartupError } from "@spankbank/shared/runtime";
import { Events } from "discord.js";
import { createBot } from "./bot.js";
import type { BotContext } from "./context.js";
import { scheduleLetterOpenings } from "./letters/openings.js";
import { logError } from "./logging.js";
import { removePartialDownloads, startMediaRetries } from "./memories/mediaRetries.js";
import { startOutboxDelivery } from "./outbox/delivery.js";
import { scheduleDailyQuestion } from "./questions/daily.js";
import { registerCommandsIfChanged } from "./registerCommands.js";
import { scheduleVisitMilestones } from "./visits/milestones.js";
import { drain } from "./workInProgress.js";

/** Logs the bot in when DISCORD_TOKEN is set; otherwise says once how to turn it on, and exits 0. */
async function main(): Promise<void> {
  const env = processEnv();
  const token = env.DISCORD_TOKEN;
  if (!token) {
    console.log(
      "Discord bot is off: DISCORD_TOKEN is not set. To turn it on, put DISCORD_TOKEN in .env and start again (see README, 'The Discord bot').",
    );
    return;
  }
  const runtime = processRuntime();
  databasePath = runtime.databasePath;
  markRunning(runtime.databasePath, "bot");
  // Never turn a lost database into a fresh one (the server refuses the same way).
  if (!runtime.demo)
    refuseFreshInstallOverLostData(runtime.databasePath, { production: env.NODE_ENV === "production" });
  refuseAnotherCouplesDatabase(runtime.databasePath, runtime);
  const db = openDb(runtime.databasePath);
  syncCouple(db, runtime.config);
  if (!runtime.demo) markSetUp(runtime.databasePath);
  const context: BotContext = {
    db,
    config: runtime.config,
    mediaDir: mediaFolder(db),
    // Only for a stand-in in tests: production downloads from Discord's CDN alone.
    mediaHosts: (env.DISCORD_MEDIA_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim())
      .filter(Boolean),
  };
  const leftOver = removePartialDownloads(context.mediaDir);
  if (leftOver > 0)
    console.log(`Removed ${leftOver} half-written image download${leftOver === 1 ? "" : "s"} of an earlier run.`);
  const client = createBot(context, { api: env.DISCORD_API_URL });
  const stops: (() => void)[] = [];
  client.once(Events.ClientReady, () => {
    registerCommandsIfChanged(client, context).catch((error: unknown) =>
      logError("Registering commands failed", error),
    );
    stops.push(
      startOutboxDelivery(client, context),
      scheduleDailyQuestion(client, context),
      startMediaRetries(context, client),
      scheduleLetterOpenings(context),
      scheduleVisitMilestones(context),
    );
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const stopOne of stops) stopOne();
    // A deploy's SIGTERM lets the messages being saved finish (their images still downloading).
    console.log("Stopping: finishing the messages in progress.");
    const unfinished = await drain(context, BOT_STOP_DRAIN_MS);
    if (unfinished > 0) {
      console.log(
        `Stopped with ${unfinished} handler${unfinished === 1 ? "" : "s"} unfinished after ${BOT_STOP_DRAIN_MS / 1000} s: their messages are read again at the next start.`,
      );
    }
    await client.destroy();
    db.$client.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  await client.login(token);
}

/** Known once the config is read: a start failing on its database (its disk, a damaged file) names it. */
let databasePath: string | undefined;

main().catch((error: unknown) => {
  const refusal = error instanceof StartupError ? error : databasePath && startupDatabaseError(error, databasePath);
  console.error(refusal ? `Discord bot cannot start:\n${refusal.message}` : error);
  process.exit(1);
});
