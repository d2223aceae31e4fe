import { join } from "node:path";
import { type Db, openDb } from "@spankbank/db/client";
import { DATA_DIR_VARIABLE, E2E_DATABASE_FILE } from "./global-teardown";

/**
 * Runs `write` on the database the running server uses, as the bot (a second process) would, then
 * closes it: for what no page can do, such as a photo from Discord or the clock reaching a moment.
 */
export function inServerDatabase<T>(write: (db: Db) => T): T {
  const db = openDb(join(process.env[DATA_DIR_VARIABLE]!, E2E_DATABASE_FILE));
  try {
    return write(db);
  } finally {
    db.$client.close();
  }
}
