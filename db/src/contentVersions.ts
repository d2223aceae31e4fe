import { eq } from "drizzle-orm";
import type { Db } from "./client.js";
import { isoNow } from "./clock.js";
import { contentVersions } from "./schema.js";

/** The hash of what was last synced under a name (the question bank, the bot's commands); null before. */
export function syncedVersion(db: Db, name: string): string | null {
  return (
    db.select({ hash: contentVersions.hash }).from(contentVersions).where(eq(contentVersions.name, name)).get()?.hash ??
    null
  );
}

/** Records what was just synced under a name. */
export function recordSyncedVersion(db: Db, name: string, hash: string, now = new Date()): void {
  const version = { hash, syncedAt: isoNow(now) };
  db.insert(contentVersions)
    .values({ name, ...version })
    .onConflictDoUpdate({ target: contentVersions.name, set: version })
    .run();
}
