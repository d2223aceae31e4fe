import { KEPT_UNTIL_WRITTEN_MAX } from "@spankbank/shared/limits";
import type { Db } from "./client.js";
import { preparedFor } from "./prepared.js";

/**
 * Changes whenever anything is written to the database: `data_version` when another connection
 * (the bot, `npm run` ops) commits, `total_changes()` when this one writes.
 */
const writeVersion = preparedFor((db) =>
  db.$client.prepare("SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes()").pluck(),
);

/** The answers kept for a handle, and the write version they were worked out at. */
const keptByHandle = new WeakMap<Db, { version: string; answers: Map<string, unknown> }>();

/**
 * `work()`'s answer under `key`, worked out again only after a write, by anyone, to anything: for
 * reads whose cost grows with the years (a count over the whole ledger, a year's figures) that
 * every page view asks and only a write changes. Cheap (one pragma read) and never stale. Inside a
 * transaction it always works it out, since a rollback undoes writes without changing the version.
 * The answer is shared by every caller until the next write: it must not be changed.
 */
export function keptUntilWritten<T>(db: Db, key: string, work: () => T): T {
  if (db.$client.inTransaction) return work();
  const version = writeVersion(db).get() as string;
  let kept = keptByHandle.get(db);
  if (kept?.version !== version || kept.answers.size >= KEPT_UNTIL_WRITTEN_MAX) {
    kept = { version, answers: new Map() };
    keptByHandle.set(db, kept);
  }
  if (kept.answers.has(key)) return kept.answers.get(key) as T;
  const answer = work();
  kept.answers.set(key, answer);
  return answer;
}
