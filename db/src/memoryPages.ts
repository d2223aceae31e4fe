import { count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "./client.js";
import { pageWindow } from "./paging.js";
import { param, preparedFor, rowsOf } from "./prepared.js";
import { memories, users } from "./schema.js";
import { keptUntilWritten } from "./untilWritten.js";

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

/**
 * How many memories are visible. Counting walks the whole index (its cost grows with the
 * memories) and every page asks, so it is counted again only after a write (`keptUntilWritten`).
 */
export function visibleMemoryCount(db: Db): number {
  return keptUntilWritten(db, "visible memories", () => statements(db).visibleCount.get()?.total ?? 0);
}
