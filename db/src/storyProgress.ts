import { eq, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { versionAfter } from "./clock.js";
import { Refusal } from "./errors.js";
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

/** What a save from a game played on from an older save is refused with: the newer one stays. */
export const PLAYED_ELSEWHERE =
  "This adventure went further on another device: nothing was replaced. It carries on from there.";

/**
 * Keeps the partner's game (checked by the caller), replacing the one saved before. With `basedOn`
 * (the `updatedAt` of the save the game was played on from, null for none), a save made since on
 * another device is refused, unless it already holds this game: a save sent again after its answer
 * was lost is done.
 */
export function saveStoryProgress(
  db: Db,
  userId: number,
  progress: unknown,
  now = new Date(),
  basedOn?: string | null,
): SavedStory {
  const json = JSON.stringify(progress);
  return inTransaction(db, () => {
    const before = statements(db).read.get({ userId });
    if (basedOn !== undefined && (before?.updatedAt ?? null) !== basedOn) {
      if (before?.progress === json) return { progress, updatedAt: before.updatedAt };
      throw new Refusal("conflict", PLAYED_ELSEWHERE);
    }
    // Each save is a new version, even two in one millisecond: a game played on from the one before is refused.
    const updatedAt = versionAfter(before?.updatedAt, now);
    statements(db).save.run({ userId, progress: json, updatedAt });
    return { progress, updatedAt };
  });
}
