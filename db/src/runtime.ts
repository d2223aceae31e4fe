import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type CoupleConfig, coupleConfigSchema, describeConfigIssues } from "@spankbank/shared/config";
import { demoCouple } from "@spankbank/shared/demoCouple";

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

/**
 * Reads the couple config and the environment as DESIGN.md section 3 says: a bad file stops the
 * start naming the field; production without a file refuses; otherwise no file means demo mode.
 */
export function loadRuntime(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Runtime {
  const configPath = resolve(cwd, env.SPANKBANK_CONFIG ?? "couple.config.json");
  const databasePath = resolve(cwd, env.DATABASE_PATH ?? "data/spankbank.db");
  if (!existsSync(configPath)) {
    if (env.NODE_ENV === "production") {
      throw new StartupError(
        `No couple config at ${configPath}. In production Spank Bank needs one: run \`npm run setup\` to write it, or set SPANKBANK_CONFIG.`,
      );
    }
    return { config: demoCouple, demo: true, configPath, databasePath };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(configPath, "utf8"));
  } catch (error) {
    throw new StartupError(`The couple config ${configPath} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = coupleConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new StartupError(`The couple config ${configPath} has problems:\n${describeConfigIssues(parsed.error)}`);
  }
  return { config: parsed.data, demo: false, configPath, databasePath };
}
