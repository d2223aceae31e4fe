import { count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "./client.js";
import { pageWindow } from "./paging.js";
import { param, preparedFor, rowsOf } from "./prepared.js";
import { memories, users } from "./schema.js";

/** A memory as the board shows it. */
export interface BoardMemory {
  id: number;
  message: string;
  /** The author's responseName (their Discord username). */
  username: string;
  createdAt: string;
}

export interface MemoryPage {
  memories: BoardMemory[];
  page: number;
  pageCount: number;
  total: number;
}

/** A memory's columns as the board and the timeline read them. */
export const boardColumns = {
  id: memories.id,
  message: memories.message,
  username: users.responseName,
  createdAt: memories.createdAt,
};

const statements = preparedFor((db) => ({
  /**
   * Changes whenever anything is written to the database: `data_version` when another connection
   * (the bot, `npm run` ops) commits, `total_changes()` when this one writes.
   */
  writeVersion: db.$client
    .prepare("SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes()")
    .pluck(),
  visibleCount: db.select({ total: count() }).from(memories).where(isNull(memories.deletedAt)).prepare(),
  page: db
    .select(boardColumns)
    .from(memories)
    .innerJoin(users, eq(users.id, memories.userId))
    .where(isNull(memories.deletedAt))
    .orderBy(desc(memories.createdAt), desc(memories.id))
    .limit(param("limit"))
    .offset(param("offset"))
    .prepare(),
}));

/**
 * One page of the visible memories, newest first. A page past the end answers the last page
 * (the board falls back there after a delete empties the page it was on); page 1 of nothing is
 * empty with a page count of 1.
 */
export function memoryPage(db: Db, page: number, pageSize: number): MemoryPage {
  const total = visibleMemoryCount(db);
  const { page: current, pageCount, limit, offset } = pageWindow(total, page, pageSize);
  const rows = pageRows(db)({ limit, offset });
  return { memories: rows, page: current, pageCount, total };
}

const pageRows = preparedFor((db) => rowsOf(statements(db).page, boardColumns));

/** The visible total as last counted, and the database's write version it was counted at. */
const countedTotals = new WeakMap<Db, { writeVersion: string; total: number }>();

/**
 * How many memories are visible. Counting walks the whole index (its cost grows with the
 * memories) and every page asks, so the count is kept per handle and counted again only after a
 * write, by anyone, to anything (an add, a delete, a restore, the bot's edits): cheap and never
 * stale. Inside a transaction it always counts, since a rollback undoes writes without changing
 * the write version.
 */
export function visibleMemoryCount(db: Db): number {
  const { writeVersion, visibleCount } = statements(db);
  if (db.$client.inTransaction) return visibleCount.get()?.total ?? 0;
  const version = writeVersion.get() as string;
  const counted = countedTotals.get(db);
  if (counted?.writeVersion === version) return counted.total;
  const total = visibleCount.get()?.total ?? 0;
  countedTotals.set(db, { writeVersion: version, total });
  return total;
}
