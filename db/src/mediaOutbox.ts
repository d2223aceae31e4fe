import { MEDIA_ATTEMPTS_MAX } from "@spankbank/shared/limits";
import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow } from "./clock.js";
import type { StoredImage } from "./media.js";
import { mediaOutbox, memories, memoryImages } from "./schema.js";

/** An image that did not arrive with its memory, to download again later. */
export interface MissingImage {
  name: string;
  url: string;
  contentType: string | null;
  size: number;
}

export type PendingDownload = MissingImage & {
  id: number;
  memoryId: number;
  attempts: number;
  /** The Discord message the memory came from (jump URL): where a fresh link is read again. */
  discordUrl: string | null;
};

/** Longest wait between two tries of one image. */
export const MEDIA_RETRY_MAX_MS = 2 * 60 * 60_000;
// Discord's signed links expire within a day, but a retry reads a fresh one from the message
// itself, so MEDIA_ATTEMPTS_MAX gives up only on an image Discord keeps failing.

/** Queues the images a memory is still missing. Call it inside the memory's own transaction. */
export function queueMissingImages(tx: Tx, memoryId: number, images: readonly MissingImage[], now = new Date()): void {
  for (const image of images) {
    tx.insert(mediaOutbox)
      .values({ memoryId, ...image, createdAt: isoNow(now) })
      .run();
  }
}

/** Images still to download whose wait has passed, oldest first. */
export function pendingDownloads(db: Db, limit = 10, now = new Date()): PendingDownload[] {
  return db
    .select({
      id: mediaOutbox.id,
      memoryId: mediaOutbox.memoryId,
      name: mediaOutbox.name,
      url: mediaOutbox.url,
      contentType: mediaOutbox.contentType,
      size: mediaOutbox.size,
      attempts: mediaOutbox.attempts,
      discordUrl: memories.discordUrl,
    })
    .from(mediaOutbox)
    .innerJoin(memories, eq(memories.id, mediaOutbox.memoryId))
    .where(
      and(
        isNull(mediaOutbox.doneAt),
        isNull(mediaOutbox.gaveUpAt),
        or(isNull(mediaOutbox.nextAttemptAt), lte(mediaOutbox.nextAttemptAt, isoNow(now))),
      ),
    )
    .orderBy(asc(mediaOutbox.id))
    .limit(limit)
    .all();
}

/** Discord gave a fresh signed link for the image (the one stored had expired). */
export function renewDownloadLink(db: Db, id: number, url: string): void {
  db.update(mediaOutbox).set({ url }).where(eq(mediaOutbox.id, id)).run();
}

/**
 * The image arrived: it joins its memory and leaves the queue, in one write. Returns false when it
 * joins nothing (its memory was purged meanwhile, or it had arrived already): the caller removes the file.
 */
export function completeDownload(db: Db, id: number, image: StoredImage, now = new Date()): boolean {
  return inTransaction(db, (tx) => {
    const row = tx.select().from(mediaOutbox).where(eq(mediaOutbox.id, id)).get();
    if (!row || row.doneAt !== null) return false;
    tx.insert(memoryImages)
      .values({ memoryId: row.memoryId, ...image })
      .run();
    tx.update(mediaOutbox)
      .set({ doneAt: isoNow(now) })
      .where(eq(mediaOutbox.id, id))
      .run();
    return true;
  });
}

/**
 * A failed try: counted, the next waits twice as long (30 s, 1 min, ... 15 min). `permanent`
 * (the file is not an image, or too big) or too many tries ends the queue for it. Returns whether
 * the bot gave up on it.
 */
export function failDownload(db: Db, id: number, error: string, permanent: boolean, now = new Date()): boolean {
  return inTransaction(db, (tx) => {
    const row = tx.select({ attempts: mediaOutbox.attempts }).from(mediaOutbox).where(eq(mediaOutbox.id, id)).get();
    const attempts = (row?.attempts ?? 0) + 1;
    const givingUp = permanent || attempts >= MEDIA_ATTEMPTS_MAX;
    const wait = Math.min(MEDIA_RETRY_MAX_MS, 15_000 * 2 ** attempts);
    tx.update(mediaOutbox)
      .set({
        attempts: sql`${mediaOutbox.attempts} + 1`,
        lastError: error.slice(0, 500),
        nextAttemptAt: isoNow(new Date(now.getTime() + wait)),
        ...(givingUp && { gaveUpAt: isoNow(now) }),
      })
      .where(eq(mediaOutbox.id, id))
      .run();
    return givingUp;
  });
}
