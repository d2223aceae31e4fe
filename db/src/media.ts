import { dirname, join } from "node:path";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "./client.js";
import { memories, memoryImages } from "./schema.js";

/** Image types a memory may keep, by content type, with the file extension they are stored under. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};
/** Largest image a memory keeps (Discord's own upload limit without Nitro). */
export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;

/** An image file saved in the media folder, before it belongs to a memory. */
export interface StoredImage {
  fileName: string;
  contentType: string;
  size: number;
}

export interface MemoryImageFile extends StoredImage {
  id: number;
  memoryId: number;
}

/** The `media/` folder beside the database file, where memory images live. */
export function mediaFolder(db: Db): string {
  return join(dirname(db.$client.name), "media");
}

/** The images of each named memory, in the order they were posted. */
export function imagesOfMemories(db: Db | Tx, memoryIds: readonly number[]): Map<number, MemoryImageFile[]> {
  const byMemory = new Map<number, MemoryImageFile[]>();
  if (memoryIds.length === 0) return byMemory;
  const rows = db
    .select()
    .from(memoryImages)
    .where(inArray(memoryImages.memoryId, [...memoryIds]))
    .orderBy(memoryImages.id)
    .all();
  for (const row of rows) byMemory.set(row.memoryId, [...(byMemory.get(row.memoryId) ?? []), row]);
  return byMemory;
}

/** An image by id, only while its memory is not deleted. */
export function memoryImageById(db: Db | Tx, id: number): MemoryImageFile | null {
  return (
    db
      .select({
        id: memoryImages.id,
        memoryId: memoryImages.memoryId,
        fileName: memoryImages.fileName,
        contentType: memoryImages.contentType,
        size: memoryImages.size,
      })
      .from(memoryImages)
      .innerJoin(memories, eq(memories.id, memoryImages.memoryId))
      .where(and(eq(memoryImages.id, id), isNull(memories.deletedAt)))
      .get() ?? null
  );
}
