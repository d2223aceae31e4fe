import { z } from "zod";
import { MEMORY_DELETE_MAX, PAGE_MAX, PAGE_SIZE_MAX } from "../limits.js";
import { isoDate, pageQuery } from "./common.js";

/** An image saved with a memory (downloaded from Discord), served by `GET /api/media/{id}`. */
export const memoryImage = z.object({
  id: z.int(),
  /** `/api/media/{id}?v={its file}`: only a signed-in partner can load it. */
  url: z.string(),
  contentType: z.string(),
});
export type MemoryImage = z.infer<typeof memoryImage>;

/**
 * `GET /api/media/{id}?v=`: the file the address was given for. A browser keeps an image for a
 * year under its address, and a restore over a lost database gives an id again: the file's name
 * makes the address of each photo its own.
 */
export const mediaQuery = z.object({ v: z.string().min(1).max(200).optional() });

/** The address of a memory's image, naming its file (`mediaQuery`). */
export function mediaUrl(image: { id: number; fileName: string }): string {
  return `/api/media/${image.id}?v=${encodeURIComponent(image.fileName)}`;
}

export const memory = z.object({
  id: z.int(),
  message: z.string(),
  username: z.string(),
  created_at: isoDate,
  /** Beyond the spec's shape: the memory's stored images, when it has any. */
  images: z.array(memoryImage).optional(),
});
export type Memory = z.infer<typeof memory>;

export const memoryList = z.array(memory);
export const latestMemory = memory.nullable();

const memoryIds = z.array(z.int().positive()).min(1, "must name at least one memory").max(MEMORY_DELETE_MAX);

/**
 * `POST /api/memories/delete`: the named memories go to the trash. Bare `{ids}` answers the spec's
 * whole remaining list; with `page` (and `pageSize`) it answers that page of the board instead
 * (`memoriesPage`), which is what the board asks for: the whole list is megabytes after years.
 */
export const deleteMemoriesBody = z.object({
  ids: memoryIds,
  page: z.int().min(1).max(PAGE_MAX).optional(),
  pageSize: z.int().min(1).max(PAGE_SIZE_MAX).optional(),
});
export type DeleteMemoriesBody = z.infer<typeof deleteMemoriesBody>;

/** `GET /api/memories?page=&pageSize=`: bare calls keep the spec's plain list (the newest LIST_WINDOW). */
export const memoriesPageQuery = pageQuery;
export const memoriesPage = z.object({
  memories: memoryList,
  page: z.int(),
  pageCount: z.int(),
  total: z.int(),
});
export type MemoriesPage = z.infer<typeof memoriesPage>;

/** A deleted memory in the trash: restorable until `purge_at`, then removed for good. */
export const trashedMemory = z.object({
  id: z.int(),
  message: z.string(),
  username: z.string(),
  created_at: isoDate,
  deleted_at: isoDate,
  purge_at: isoDate,
  /** Its stored images, when it has any: a photo alone is known by its photo. */
  images: z.array(memoryImage).optional(),
});
export type TrashedMemory = z.infer<typeof trashedMemory>;

/** `GET /api/memories/trash?page=&pageSize=`: the memories deleted in the last MEMORY_TRASH_DAYS, most recent first. */
export const trashPageQuery = memoriesPageQuery;
export const trashPage = z.object({
  memories: z.array(trashedMemory),
  page: z.int(),
  pageCount: z.int(),
  total: z.int(),
});
export type TrashPage = z.infer<typeof trashPage>;

/** `POST /api/memories/restore`: back onto the board, all or none. */
export const restoreMemoriesBody = z.object({ ids: memoryIds });
export const restoreMemoriesReply = z.object({ restored: z.int() });

/** `GET /api/memories/on-this-day`: a memory from this calendar day in an earlier month or year. */
export const onThisDayMemory = memory.extend({ months_ago: z.int().positive() });
/** An answer given on this calendar day in an earlier month or year, with its question. */
export const onThisDayAnswer = z.object({
  question_id: z.int(),
  question: z.string(),
  username: z.string(),
  response: z.string(),
  created_at: isoDate,
  sealed: z.boolean().optional(),
  months_ago: z.int().positive(),
});
export const onThisDay = z.object({
  /** Today in the couple's zone, YYYY-MM-DD. */
  date: z.string(),
  memories: z.array(onThisDayMemory),
  answers: z.array(onThisDayAnswer),
});
export type OnThisDay = z.infer<typeof onThisDay>;
export type OnThisDayMemory = z.infer<typeof onThisDayMemory>;
export type OnThisDayAnswer = z.infer<typeof onThisDayAnswer>;
