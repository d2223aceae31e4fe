import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type CoupleConfig, coupleConfigSchema, describeConfigIssues } from "./config.js";
import { demoCouple } from "./demoCouple.js";

/** Why the app refuses to start, in words for the person starting it. */
export class StartupError extends Error {
  override name = "StartupError";
}

export interface Runtime {
  config: CoupleConfig;
  /** No config file outside production: the built-in demo couple and seeded demo data. */
  demo: boolean;
  configPath: string;
  databasePath: string;
}

/** The config file's text, or undefined when there is no file: each entry point reads it itself. */
export type ReadConfig = (path: string) => string | undefined;

/**
 * Makes the runtime from the environment and the couple config as DESIGN.md section 3 says: a
 * bad file stops the start naming the field; production without a file refuses; otherwise no
 * file means demo mode. Parsing only: the caller passes the environment and reads the file.
 */
export function runtimeFrom(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  readConfig: ReadConfig,
): Runtime {
  const { configPath, databasePath } = pathsFrom(env, cwd);
  const text = readConfig(configPath);
  if (text === undefined) {
    if (env.NODE_ENV === "production") {
      throw new StartupError(
        `No couple config at ${configPath}. In production Spank Bank needs one: run \`npm run setup\` to write it, or set SPANKBANK_CONFIG.`,
      );
    }
    return { config: demoCouple, demo: true, configPath, databasePath };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new StartupError(`The couple config ${configPath} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = coupleConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new StartupError(`The couple config ${configPath} has problems:\n${describeConfigIssues(parsed.error)}`);
  }
  return { config: parsed.data, demo: false, configPath, databasePath };
}

/** Where the couple config and the database are, from the environment (relative to `cwd`). */
export function pathsFrom(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Pick<Runtime, "configPath" | "databasePath"> {
  return {
    configPath: resolve(cwd, env.SPANKBANK_CONFIG ?? "couple.config.json"),
    databasePath: resolve(cwd, env.DATABASE_PATH ?? "data/spankbank.db"),
  };
}

let envFileRead = false;

/**
 * This process's environment with the working directory's `.env` under it (what is set in the
 * environment wins): the one place the server, the bot and every `npm run` script read it, so
 * they all work on the same database. It also makes what they create private to their user.
 */
export function processEnv(): NodeJS.ProcessEnv {
  if (!envFileRead) {
    envFileRead = true;
    // The couple's data (database, backups, exports, data/ itself) is theirs alone, whatever
    // umask the shell or the supervisor gave: every file this process creates is 600, every folder 700.
    process.umask(0o077);
    if (existsSync(".env")) process.loadEnvFile(".env");
  }
  return process.env;
}

/** The runtime of this process: its environment and the config file on disk (entry points only). */
export function processRuntime(): Runtime {
  return runtimeFrom(processEnv(), process.cwd(), (path) =>
    existsSync(path) ? readFileSync(path, "utf8") : undefined,
  );
}

/** Where this process's config and database are, without reading the config (`npm run setup`). */
export function processPaths(): Pick<Runtime, "configPath" | "databasePath"> {
  return pathsFrom(processEnv(), process.cwd());
}
