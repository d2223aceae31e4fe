import { count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { preparedFor } from "./prepared.js";
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

const statements = preparedFor((db) => ({
  visibleCount: db.select({ total: count() }).from(memories).where(isNull(memories.deletedAt)).prepare(),
  page: db
    .select({
      id: memories.id,
      message: memories.message,
      username: users.responseName,
      createdAt: memories.createdAt,
    })
    .from(memories)
    .innerJoin(users, eq(users.id, memories.userId))
    .where(isNull(memories.deletedAt))
    .orderBy(desc(memories.createdAt), desc(memories.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
}));

/**
 * One page of the visible memories, newest first. A page past the end answers the last page
 * (the board falls back there after a delete empties the page it was on); page 1 of nothing is
 * empty with a page count of 1.
 */
export function memoryPage(db: Db, page: number, pageSize: number): MemoryPage {
  const { visibleCount, page: pageQuery } = statements(db);
  const total = visibleCount.get()?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = pageQuery.all({ limit: pageSize, offset: (current - 1) * pageSize });
  return { memories: rows, page: current, pageCount, total };
}
