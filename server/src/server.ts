// First: an older Node stops here in one line, before anything loads better-sqlite3.
import "@spankbank/shared/nodeVersion";
import { fileURLToPath } from "node:url";
import { raiseAlert } from "@spankbank/db/alerts";
import { quickCheckFile } from "@spankbank/db/backup";
import { openDb } from "@spankbank/db/client";
import { grantStartingSpanks, syncCouple } from "@spankbank/db/couple";
import { seedDemoData } from "@spankbank/db/demo/seed";
import { seedQuestionBank } from "@spankbank/db/questions";
import { markRunning } from "@spankbank/db/running";
import { purgeExpiredSessions } from "@spankbank/db/sessions";
import {
  markSetUp,
  refuseAnotherCouplesDatabase,
  refuseFreshInstallOverLostData,
  startupDatabaseError,
} from "@spankbank/db/startChecks";
import { bundledQuestions } from "@spankbank/shared/content/questionBank";
import { DEMO_LOGINS } from "@spankbank/shared/demoCouple";
import { processEnv, processRuntime, StartupError } from "@spankbank/shared/runtime";
import { buildApp } from "./app.js";
import { scheduleBackups } from "./jobs/backupSchedule.js";
import { scheduleFavourDeadlines } from "./jobs/favourDeadlineSchedule.js";
import { scheduleTrashPurge } from "./jobs/trashSchedule.js";
import { appOrigins } from "./origins.js";
import { serverEnvFrom } from "./serverEnv.js";

/** How long SIGTERM waits for requests in flight before closing anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Known once the config is read: a start failing on its disk names it. */
let databasePath: string | undefined;

/** Starts the HTTP server on the configured database and closes it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const env = processEnv();
  // Before the config and the database: a mistyped PORT or HTTPS is said in one line.
  const settings = serverEnvFrom(env);
  const runtime = processRuntime();
  databasePath = runtime.databasePath;
  // Before anything touches the database or data/run/: a second server on the same database
  // refuses here, leaving everything of the first alone (the lock is in db/src/ops/running.ts).
  markRunning(runtime.databasePath, "server");
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  // A real couple's database that had backups (or, in production, ran) and is now gone or empty is not a fresh install.
  if (!runtime.demo)
    refuseFreshInstallOverLostData(runtime.databasePath, { production: settings.NODE_ENV === "production" });
  // Before anything writes to it: another couple's database (the demo's, or theirs) is left as it is.
  refuseAnotherCouplesDatabase(runtime.databasePath, runtime);
  // Before migrations write to it: a damaged file is served (reads may still work), but said loudly.
  const damage = quickCheckFile(runtime.databasePath);
  const db = openDb(runtime.databasePath);
  syncCouple(db, runtime.config);
  if (!runtime.demo) markSetUp(runtime.databasePath);
  seedQuestionBank(db, bundledQuestions);
  purgeExpiredSessions(db);
  if (runtime.demo) seedDemoData(db, runtime.config);
  // After the demo's history, which starts with the same grant eight months back.
  grantStartingSpanks(db, runtime.config);

  const port = Number(settings.PORT);
  const host = settings.HOST;
  const https = settings.HTTPS === "true";
  const app = await buildApp({
    db,
    config: runtime.config,
    demo: runtime.demo,
    webRoot: fileURLToPath(new URL("../../web/dist", import.meta.url)),
    https,
    publicOrigin: appOrigins(settings.PUBLIC_URL, { https, host, port }),
    trustProxy,
    logger: { level: settings.LOG_LEVEL },
    logRequests: settings.LOG_LEVEL === "debug" || settings.LOG_LEVEL === "trace",
  });

  if (damage.length > 0) {
    const message = `the database failed SQLite's quick check at start (${damage.slice(0, 3).join("; ")}). Run \`npm run check\`, then restore the latest backup (docs/deploy.md, "Restore").`;
    app.log.error(`DATABASE DAMAGED: ${message}`);
    raiseAlert(db, message);
  }

  await app.listen({ port, host });
  // `npm start` starts the bot once its own server listens (not another one on the same port).
  process.send?.("listening");
  if (runtime.demo) printDemoBanner(`http://${host}:${port}`, runtime.databasePath);
  const backups = scheduleBackups({
    db,
    databasePath: runtime.databasePath,
    config: runtime.config,
    log: app.log,
    catchUpMissed: !runtime.demo,
  });
  const trash = scheduleTrashPurge({ db, config: runtime.config, log: app.log });
  const favourDeadlines = scheduleFavourDeadlines({ db, config: runtime.config, log: app.log });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing`);
    trash.stop();
    favourDeadlines.stop();
    // app.close() stops accepting and waits for requests in flight, as the backups wait for one
    // being taken; a stuck one gets a bound.
    const grace = setTimeout(() => {
      app.log.warn(`requests or a backup still running after ${SHUTDOWN_GRACE_MS} ms: closing anyway`);
      shutDownDatabase();
    }, SHUTDOWN_GRACE_MS);
    await Promise.all([backups.stop(), app.close()]);
    clearTimeout(grace);
    shutDownDatabase();
  };
  const shutDownDatabase = () => {
    // Fold the WAL back into the file, so what is left on disk is one complete database.
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    db.$client.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void close("SIGINT"));
  process.on("SIGTERM", () => void close("SIGTERM"));
}

/** TRUST_PROXY: unset = trust nobody, else the proxy's addresses or CIDRs (or `loopback`), comma-separated. */
function parseTrustProxy(value: string | undefined): false | string {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") {
    // Trusting every hop would let any client name its own address and dodge the login limit.
    throw new StartupError(
      "TRUST_PROXY=true would trust an X-Forwarded-For header from anyone. Name your proxy instead: TRUST_PROXY=loopback when it runs on this machine, or its address (e.g. TRUST_PROXY=10.0.0.2).",
    );
  }
  return value;
}

function printDemoBanner(url: string, databasePath: string): void {
  const logins = DEMO_LOGINS.map((l) => `    ${l.username} / ${l.password}`).join("\n");
  console.log(
    `\n  Spank Bank is running in DEMO MODE at ${url}\n  (no couple.config.json: built-in demo couple, demo data in ${databasePath})\n\n  Demo logins:\n${logins}\n\n  Run \`npm run setup\` to write your own couple.config.json.\n`,
  );
}

main().catch((error: unknown) => {
  // A full or read-only disk, or a damaged file, is said in one line, not a stack trace.
  const refusal = error instanceof StartupError ? error : databasePath && startupDatabaseError(error, databasePath);
  if (refusal) {
    console.error(`\nSpank Bank cannot start:\n${refusal.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
