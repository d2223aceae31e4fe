import { rmSync } from "node:fs";
import { join } from "node:path";
import { DAY_MS } from "@spankbank/shared/calendar";
import { MEMORY_TRASH_DAYS } from "@spankbank/shared/limits";
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { type Db, inTransaction } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal } from "./errors.js";
import { mediaFolder } from "./media.js";
import { pageWindow } from "./paging.js";
import { param, preparedFor } from "./prepared.js";
import { mediaOutbox, memories, memoryImages, users } from "./schema.js";

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
 * Removes for good every memory deleted more than MEMORY_TRASH_DAYS before `now`, with its images
 * (rows in one transaction, then the files). Run daily by the server and by `npm run trash`.
 */
export function purgeTrash(db: Db, now = new Date()): PurgeResult {
  const cutoff = trashCutoff(now);
  const due = and(isNotNull(memories.deletedAt), lt(memories.deletedAt, cutoff));
  const { removed, files } = inTransaction(db, (tx) => {
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
