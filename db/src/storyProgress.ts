import { eq, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { isoNow } from "./clock.js";
import { param, preparedFor } from "./prepared.js";
import { storyProgress } from "./schema.js";

/** A partner's saved story game: the save as the page made it (JSON), and when it was saved. */
export interface SavedStory {
  progress: unknown;
  updatedAt: string;
}

const statements = preparedFor((db) => ({
  read: db
    .select({ progress: storyProgress.progress, updatedAt: storyProgress.updatedAt })
    .from(storyProgress)
    .where(eq(storyProgress.userId, param("userId")))
    .prepare(),
  save: db
    .insert(storyProgress)
    .values({
      userId: sql.placeholder("userId"),
      progress: sql.placeholder("progress"),
      updatedAt: sql.placeholder("updatedAt"),
    })
    .onConflictDoUpdate({
      target: storyProgress.userId,
      set: { progress: sql`excluded.progress`, updatedAt: sql`excluded.updated_at` },
    })
    .prepare(),
}));

/** The partner's saved game, or undefined before they first played on a browser that saves here. */
export function readStoryProgress(db: Db, userId: number): SavedStory | undefined {
  const row = statements(db).read.get({ userId });
  return row && { progress: JSON.parse(row.progress) as unknown, updatedAt: row.updatedAt };
}

/** Keeps the partner's game (checked by the caller), replacing the one saved before. */
export function saveStoryProgress(db: Db, userId: number, progress: unknown, now = new Date()): SavedStory {
  const updatedAt = isoNow(now);
  statements(db).save.run({ userId, progress: JSON.stringify(progress), updatedAt });
  return { progress, updatedAt };
}
