import { rmSync } from "node:fs";
import { join } from "node:path";
import { DAY_MS } from "@spankbank/shared/calendar";
import { MEMORY_TRASH_DAYS } from "@spankbank/shared/limits";
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow, versionAfter } from "./clock.js";
import { Refusal } from "./errors.js";
import { mediaFolder } from "./media.js";
import { pageWindow } from "./paging.js";
import { param, preparedFor } from "./prepared.js";
import { mediaOutbox, memories, memoryImages, trashClock, users } from "./schema.js";

/** A deleted memory still in the trash: restorable until `purgeAt`. */
export interface TrashedMemory {
  id: number;
  message: string;
  /** The author's responseName (their Discord username). */
  username: string;
  createdAt: string;
  deletedAt: string;
  /** When the daily purge may remove it for good (deleted + MEMORY_TRASH_DAYS). */
  purgeAt: string;
}

export interface TrashPage {
  memories: TrashedMemory[];
  page: number;
  pageCount: number;
  total: number;
}

/** The oldest deletion still in the trash at `now`: anything deleted before it is due for purging. */
export function trashCutoff(now: Date): string {
  return isoNow(new Date(now.getTime() - MEMORY_TRASH_DAYS * DAY_MS));
}

const purgeAtOf = (deletedAt: string) => isoNow(new Date(Date.parse(deletedAt) + MEMORY_TRASH_DAYS * DAY_MS));

const statements = preparedFor((db) => {
  const inTrash = and(isNotNull(memories.deletedAt), gte(memories.deletedAt, param("cutoff")));
  return {
    // Both through memories_trash (deleted_at, id), deleted memories only.
    count: db.select({ total: count() }).from(memories).where(inTrash).prepare(),
    page: db
      .select({
        id: memories.id,
        message: memories.message,
        username: users.responseName,
        createdAt: memories.createdAt,
        deletedAt: sql<string>`${memories.deletedAt}`,
      })
      .from(memories)
      .innerJoin(users, eq(users.id, memories.userId))
      .where(inTrash)
      .orderBy(desc(memories.deletedAt), desc(memories.id))
      .limit(param("limit"))
      .offset(param("offset"))
      .prepare(),
  };
});

/**
 * One page of the trash, most recently deleted first: the memories deleted in the last
 * MEMORY_TRASH_DAYS. A page past the end answers the last page; page 1 of nothing is empty.
 */
export function trashPage(db: Db, page: number, pageSize: number, now = new Date()): TrashPage {
  const cutoff = trashCutoff(now);
  const { count: trashCount, page: pageQuery } = statements(db);
  const total = trashCount.get({ cutoff })?.total ?? 0;
  const { page: current, pageCount, limit, offset } = pageWindow(total, page, pageSize);
  const rows = pageQuery.all({ cutoff, limit, offset });
  return {
    memories: rows.map((row) => ({ ...row, purgeAt: purgeAtOf(row.deletedAt) })),
    page: current,
    pageCount,
    total,
  };
}

/**
 * Brings memories back from the trash onto the board, all or none. Naming a memory that is not in
 * the trash (never existed, purged, or deleted longer ago than the trash keeps) refuses the whole
 * request; naming one already on the board is harmless. Returns how many came back.
 */
export function restoreMemories(db: Db, ids: readonly number[], now = new Date()): number {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new Refusal("invalid", "ids: must name at least one memory");
  const cutoff = trashCutoff(now);
  const idList = JSON.stringify(wanted);
  return inTransaction(db, (tx) => {
    const found = tx
      .select({ id: memories.id, deletedAt: memories.deletedAt })
      .from(memories)
      .where(sql`${memories.id} IN (SELECT value FROM json_each(${idList}))`)
      .all();
    const restorable = new Set(
      found.filter((row) => row.deletedAt === null || row.deletedAt >= cutoff).map((row) => row.id),
    );
    const missing = wanted.filter((id) => !restorable.has(id));
    if (missing.length > 0) throw new Refusal("not_found", `No memory in the trash with id ${missing.join(", ")}`);
    return tx
      .update(memories)
      .set({ deletedAt: null })
      .where(and(sql`${memories.id} IN (SELECT value FROM json_each(${idList}))`, isNotNull(memories.deletedAt)))
      .run().changes;
  });
}

export interface PurgeResult {
  /** Memories removed for good. */
  memories: number;
  /** Their image files removed from the media folder. */
  images: number;
}

/**
 * Removes for good every memory deleted more than MEMORY_TRASH_DAYS before `now` on the trash's
 * clock, with its images (rows in one transaction, then the files). Run daily by the server and by
 * `npm run trash`. A purge that finds the clock jumped since the last (see readTrashClock) removes
 * nothing.
 */
export function purgeTrash(db: Db, now = new Date()): PurgeResult {
  const cutoff = trashCutoff(now);
  const due = and(isNotNull(memories.deletedAt), lt(memories.deletedAt, cutoff));
  const { removed, files } = inTransaction(db, (tx) => {
    if (!readTrashClock(tx, now)) return { removed: 0, files: [] };
    const dueIds = tx.select({ id: memories.id }).from(memories).where(due);
    const files = tx
      .select({ fileName: memoryImages.fileName })
      .from(memoryImages)
      .where(inArray(memoryImages.memoryId, dueIds))
      .all()
      .map((row) => row.fileName);
    tx.delete(memoryImages).where(inArray(memoryImages.memoryId, dueIds)).run();
    // Its downloads still waiting (or done): they name the memory, which must go with nothing left naming it.
    tx.delete(mediaOutbox).where(inArray(mediaOutbox.memoryId, dueIds)).run();
    const removed = tx.delete(memories).where(due).run().changes;
    return { removed, files };
  });
  // After the commit: a file left behind by a crash here is only disk space, never a lost memory.
  const folder = mediaFolder(db);
  for (const file of files) rmSync(join(folder, file), { force: true });
  return { memories: removed, images: files.length };
}

/**
 * The most the clock moves between two purges of a box left running: they are a day apart, at
 * 04:30 in the couple's zone (25 hours the night the clocks go back).
 */
const TRASH_CLOCK_STEP_MS = 26 * 60 * 60 * 1000;

/**
 * When a memory moved to the trash at `now` is deleted: after the trash clock's last reading, a
 * millisecond past it if the clock reads no later (1970 at a restart, before NTP: it says nothing
 * of when), and the next purge then counts that one from its own reading.
 */
export function trashStamp(db: Db, now: Date): string {
  return versionAfter(lastTrashClockReading(db), now);
}

/** What the clock read at the last purge; undefined before the first. */
function lastTrashClockReading(db: Db): string | undefined {
  return db.select({ readAt: trashClock.readAt }).from(trashClock).get()?.readAt;
}

/**
 * Reads the clock for a purge (in its transaction) and answers whether the time since the last
 * purge counts: the clock moved by at most TRASH_CLOCK_STEP_MS, on or back (then the memories only
 * grow younger). Otherwise (a box off for days, a clock reading 2099 or 1970 at boot, NTP setting
 * it right) every deletion time moves with the clock, so no memory ages by the jump: the trash's
 * 30 days are 30 days seen passing.
 */
function readTrashClock(tx: Tx, now: Date): boolean {
  const at = isoNow(now);
  const lastRead = lastTrashClockReading(tx);
  tx.insert(trashClock)
    .values({ id: 1, readAt: at })
    .onConflictDoUpdate({ target: trashClock.id, set: { readAt: at } })
    .run();
  // The first purge of this database has no reading to compare with: it trusts the clock.
  if (lastRead === undefined) return true;
  const step = now.getTime() - Date.parse(lastRead);
  const counts = Math.abs(step) <= TRASH_CLOCK_STEP_MS;
  const trashed = tx
    .select({ id: memories.id, deletedAt: memories.deletedAt })
    .from(memories)
    .where(isNotNull(memories.deletedAt))
    .all();
  const pastLastRead = isoNow(new Date(Date.parse(lastRead) + 1));
  for (const { id, deletedAt } of trashed) {
    const deleted = Date.parse(deletedAt ?? "");
    if (Number.isNaN(deleted)) continue;
    // Stamped just past the last reading (deleted on a clock reading earlier, see trashStamp), or
    // later than now (on a clock since set back): deleted before now, so counted from now.
    const moved =
      deletedAt === pastLastRead ? at : isoNow(new Date(Math.min(deleted + (counts ? 0 : step), now.getTime())));
    if (moved !== deletedAt) tx.update(memories).set({ deletedAt: moved }).where(eq(memories.id, id)).run();
  }
  return counts;
}
