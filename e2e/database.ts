import { type Db, openDb } from "@spankbank/db/client";
import { DATABASE_VARIABLE } from "./test";

/**
 * Runs `write` on the database this worker's server uses, as the bot (a second process) would,
 * then closes it: for what no page can do, such as a photo from Discord or the clock reaching a moment.
 */
export function inServerDatabase<T>(write: (db: Db) => T): T {
  const db = openDb(process.env[DATABASE_VARIABLE]!);
  try {
    return write(db);
  } finally {
    db.$client.close();
  }
}
