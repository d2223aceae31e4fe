import { dirname, join } from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import type { Db } from "./client.js";
import { param, preparedFor, rowsOf } from "./prepared.js";
import { memories, memoryImages } from "./schema.js";

/** Image types a memory may keep, by content type, with the file extension they are stored under. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** Voice messages (Discord records them as Ogg Opus) and short videos a memory may keep, the same way. */
export const CLIP_TYPES: Readonly<Record<string, string>> = {
  "audio/ogg": "ogg",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
};

/** Every type a memory's files may be: its images, voice messages and videos. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = { ...IMAGE_TYPES, ...CLIP_TYPES };

/** An image file saved in the media folder, before it belongs to a memory. */
export interface StoredImage {
  fileName: string;
  contentType: string;
  size: number;
  /** The Discord attachment it came from, when it came from one. */
  discordAttachmentId?: string | undefined;
}

export interface MemoryImageFile extends StoredImage {
  id: number;
  memoryId: number;
}

/** The `media/` folder beside the database file, where memory images live. */
export function mediaFolder(db: Db): string {
  return join(dirname(db.$client.name), "media");
}

const imageColumns = {
  id: memoryImages.id,
  memoryId: memoryImages.memoryId,
  fileName: memoryImages.fileName,
  contentType: memoryImages.contentType,
  size: memoryImages.size,
};

const statements = preparedFor((db) => ({
  // The ids travel as one JSON array: one statement for any number of memories (an IN list
  // would be rebuilt per call and stops at SQLite's limit of bound variables).
  ofMemories: db
    .select(imageColumns)
    .from(memoryImages)
    .where(sql`${memoryImages.memoryId} IN (SELECT value FROM json_each(${param("ids")}))`)
    .orderBy(memoryImages.id)
    .prepare(),
  ofLiveMemories: db
    .select(imageColumns)
    .from(memoryImages)
    .innerJoin(memories, eq(memories.id, memoryImages.memoryId))
    .where(isNull(memories.deletedAt))
    .orderBy(memoryImages.id)
    .prepare(),
  byId: db
    .select(imageColumns)
    .from(memoryImages)
    .where(eq(memoryImages.id, param("id")))
    .prepare(),
}));

/** Every memory board page and the whole board read these, as rows mapped once (`rowsOf`). */
const imageRows = preparedFor((db) => ({
  ofMemories: rowsOf(statements(db).ofMemories, imageColumns),
  ofLiveMemories: rowsOf(statements(db).ofLiveMemories, imageColumns),
}));

/** The images of each named memory, in the order they were posted. */
export function imagesOfMemories(db: Db, memoryIds: readonly number[]): Map<number, MemoryImageFile[]> {
  if (memoryIds.length === 0) return new Map();
  return byMemory(imageRows(db).ofMemories({ ids: JSON.stringify(memoryIds) }));
}

/** The images of every memory not deleted (the whole board at once). */
export function imagesOfLiveMemories(db: Db): Map<number, MemoryImageFile[]> {
  return byMemory(imageRows(db).ofLiveMemories());
}

function byMemory(rows: readonly MemoryImageFile[]): Map<number, MemoryImageFile[]> {
  const grouped = new Map<number, MemoryImageFile[]>();
  for (const row of rows) {
    const images = grouped.get(row.memoryId);
    if (images) images.push(row);
    else grouped.set(row.memoryId, [row]);
  }
  return grouped;
}

/** An image by id, while its memory is on the board or in the trash (the trash shows it, to restore). */
export function memoryImageById(db: Db, id: number): MemoryImageFile | null {
  return statements(db).byId.get({ id }) ?? null;
}

/** The image type bytes are, from their first bytes (png, jpeg, gif or webp), or null. */
export function imageTypeOf(head: Uint8Array): string | null {
  const bytes = Buffer.from(head.subarray(0, 12));
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 4).toString("latin1") === "GIF8") return "image/gif";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") {
    return "image/webp";
  }
  return null;
}
