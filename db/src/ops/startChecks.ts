import { accessSync, constants, existsSync, readdirSync, rmSync, statfsSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { type Runtime, StartupError } from "@spankbank/shared/runtime";
import BetterSqlite3 from "better-sqlite3";
import { backupsDirOf, listBackups, mediaDirOf, namedInTheFuture, sharesItsFolder } from "./backup/index.js";
import { diskProblem, sqliteErrorCode } from "./sqliteErrors.js";

/** Created by hand beside the database to start one fresh install on purpose; the start removes it. */
export const startFreshFileOf = (databasePath: string) => join(dirname(databasePath), "start-fresh");
/** Written once a couple from the config is in the database: the data folder then says the app ran. */
const setUpFileOf = (databasePath: string) => join(dirname(databasePath), "run", "set-up");

/** Whether the database is gone or empty (missing, zero bytes, or holding no couple); null when it holds one or cannot be read. */
export function lostState(databasePath: string): "missing" | "empty" | null {
  if (!existsSync(databasePath)) return "missing";
  if (statSync(databasePath).size === 0) return "empty";
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new BetterSqlite3(databasePath, { readonly: true, fileMustExist: true });
    const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
    const partners = table ? (sqlite.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n : 0;
    return partners === 0 ? "empty" : null;
  } catch {
    // Unreadable is damage, not emptiness: the start's quick check reports it.
    return null;
  } finally {
    sqlite?.close();
  }
}

/** What in the data folder shows Spank Bank ran on it: a couple set up, images, a backup run. */
function signsOfEarlierRun(databasePath: string): string[] {
  const signs: string[] = [];
  if (existsSync(setUpFileOf(databasePath))) signs.push(`a couple was set up (${setUpFileOf(databasePath)})`);
  const media = mediaDirOf(databasePath);
  const images = existsSync(media) ? readdirSync(media).length : 0;
  if (images > 0) signs.push(`${images} image(s) in ${media}`);
  // The backup lock: this version's is the folder's backups' (another database in the folder takes
  // it too, so it tells only of a database alone there), earlier ones' were named after the
  // database, or before that one per folder.
  const locks = [`${basename(databasePath)}.backup.lock`, "backup.lock"];
  if (!sharesItsFolder(databasePath)) locks.push("backups.backup.lock");
  for (const name of locks) {
    const backupLock = join(dirname(databasePath), "run", name);
    if (existsSync(backupLock)) signs.push(`a backup ran (${backupLock})`);
  }
  return signs;
}

/**
 * Refuses to start a real couple's app on a database that is gone or empty when that would
 * be a fresh install over one that was lived in (the starting spanks granted again, and the
 * nightly backups then saving the empty file): whenever backups of it exist, and in production
 * whenever the data folder shows the app ran. `start-fresh` beside the database lets one start
 * through on purpose, and is removed by it.
 */
export function refuseFreshInstallOverLostData(databasePath: string, { production }: { production: boolean }): void {
  const startFresh = startFreshFileOf(databasePath);
  if (existsSync(startFresh)) {
    rmSync(startFresh, { force: true });
    return;
  }
  const state = lostState(databasePath);
  if (state === null) return;
  const fresh = `to start fresh on purpose, create ${startFresh} (\`touch ${startFresh}\`) and start again.`;
  // A backup named later than a day from now was taken while the clock was wrong: not the latest.
  const backups = listBackups(databasePath);
  const latest = backups.find((backup) => !namedInTheFuture(backup, new Date())) ?? backups[0];
  if (latest) {
    throw new StartupError(
      `${databasePath} is ${state}, but backups of it exist (latest: ${latest.path}). Restore it with \`npm run restore -- ${latest.path}\`; ${fresh}`,
    );
  }
  const signs = production ? signsOfEarlierRun(databasePath) : [];
  if (signs.length > 0) {
    throw new StartupError(
      `${databasePath} is ${state}, but Spank Bank ran here before (${signs.join("; ")}): starting would be a fresh install. Put the database back (from a copy of ${backupsDirOf(databasePath)}: \`npm run restore -- FILE\`), or ${fresh}`,
    );
  }
}

/** The partners a database holds, by login and Discord id (none when it cannot be read: the quick check says why). */
function partnersIn(databasePath: string): { username: string; discordId: string }[] {
  if (!existsSync(databasePath)) return [];
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new BetterSqlite3(databasePath, { readonly: true, fileMustExist: true });
    const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
    if (!table) return [];
    return sqlite.prepare("SELECT username, discord_id AS discordId FROM users ORDER BY id").all() as {
      username: string;
      discordId: string;
    }[];
  } catch {
    return [];
  } finally {
    sqlite?.close();
  }
}

/**
 * Refuses to start on another couple's database: one holding partners of whom the config names
 * none (a partner is the same person when the Discord id matches, as at every start). The start
 * would add this couple beside them, four partners where every feature looks for "the other one":
 * a couple's first start after `npm start` ran the demo on `data/spankbank.db`, or the demo's on a
 * couple's database whose config was not found (its published passwords then signed in to it).
 */
export function refuseAnotherCouplesDatabase(
  databasePath: string,
  { config, configPath, demo }: Pick<Runtime, "config" | "configPath" | "demo">,
): void {
  const partners = partnersIn(databasePath);
  const named = new Set(config.partners.map((partner) => partner.discordId));
  if (partners.length === 0 || partners.some((partner) => named.has(partner.discordId))) return;
  const them = partners.map((partner) => `${partner.username} (Discord ${partner.discordId})`).join(" and ");
  if (demo) {
    throw new StartupError(
      `${databasePath} holds a couple's data (${them}) and there is no couple config at ${configPath}: this start would add the demo couple to it. Put the couple config back (or point SPANKBANK_CONFIG at it); to try the demo, give it a database of its own (DATABASE_PATH=data/demo.db).`,
    );
  }
  throw new StartupError(
    `${databasePath} holds another couple's data (${them}), and ${configPath} names neither partner: starting would add your couple to theirs. If it is the demo's (\`npm start\` before \`npm run setup\`), move it aside (\`mv ${databasePath} ${databasePath}.demo\`) and start again; if it is yours, put the partners' Discord ids back in the config.`,
  );
}

/** Records that this database holds the config's couple (once; the data folder keeps it). */
export function markSetUp(databasePath: string): void {
  const file = setUpFileOf(databasePath);
  if (!existsSync(file)) writeFileSync(file, `${new Date().toISOString()}\n`);
}

/**
 * A start that failed on a damaged database file, in one line pointing to what to do, instead
 * of a stack trace. Undefined for any other failure.
 */
export function damagedDatabaseError(error: unknown, databasePath: string): StartupError | undefined {
  const code = sqliteErrorCode(error);
  if (code !== "SQLITE_NOTADB" && !code?.startsWith("SQLITE_CORRUPT")) return undefined;
  return new StartupError(
    `the database ${databasePath} is damaged (${(error as Error).message}). Run \`npm run check\` for a report, then put the latest backup back with \`npm run restore -- FILE\` (\`npm run backup -- --list\` lists them).`,
  );
}

/** Less free space than this beside the database, and a failed start is put down to a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * A start (the server's or the bot's) that failed on the database's disk, said in one line
 * instead of a stack trace: full (SQLite reports it as SQLITE_FULL, or as an I/O error when even
 * its shared-memory file cannot grow, hence the look at the free space) or read-only. Undefined
 * for any other failure.
 */
export function startupDiskError(error: unknown, databasePath: string): StartupError | undefined {
  const folder = dirname(resolve(databasePath));
  const problem = diskProblem(error) ?? problemOfFolder(error, folder);
  if (problem === "full") {
    return new StartupError(`the disk holding ${databasePath} is full. Free some space on it, then start again.`);
  }
  if (problem === "read-only") {
    return new StartupError(
      `the database ${databasePath} is read-only. Make ${folder} and the files in it writable (is the disk mounted read-only?), then start again.`,
    );
  }
  return undefined;
}

function problemOfFolder(error: unknown, folder: string): "full" | "read-only" | undefined {
  const code = sqliteErrorCode(error) ?? (error as { code?: unknown } | undefined)?.code;
  if (
    typeof code !== "string" ||
    !(code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN") || code.startsWith("E"))
  ) {
    return undefined;
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return "read-only";
  }
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize < NEARLY_FULL_BYTES ? "full" : undefined;
  } catch {
    return undefined;
  }
}

/** Why a start failed on the database, in one line (its disk full or read-only, the file damaged); undefined otherwise. */
export const startupDatabaseError = (error: unknown, databasePath: string): StartupError | undefined =>
  startupDiskError(error, databasePath) ?? damagedDatabaseError(error, databasePath);
