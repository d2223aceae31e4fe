import { MEMORY_SENT_AGAIN_MS, MEMORY_TEXT_MAX } from "@spankbank/shared/limits";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull } from "drizzle-orm";
import { type Db, inTransaction, type Tx } from "./client.js";
import { isoNow } from "./clock.js";
import { Refusal } from "./errors.js";
import type { StoredImage } from "./media.js";
import { type MissingImage, queueMissingImages } from "./mediaOutbox.js";
import { trashStamp } from "./memoryTrash.js";
import { LIMIT_ONE, param, preparedFor } from "./prepared.js";
import { mediaOutbox, memories, memoryImages, users } from "./schema.js";
import { cleanText, isBlankText } from "./text.js";

/** Longest memory text (a Discord message's own limit). */

/** A memory on the board, attributed to the partner's responseName. */
export interface Memory {
  id: number;
  message: string;
  username: string;
  createdAt: string;
}

export interface NewMemory {
  userId: number;
  message: string;
  /** The Discord message it came from: the same message never makes two memories. */
  discordMessageId?: string;
  /** A link to that Discord message. */
  discordUrl?: string;
  /** When the Discord message was posted; defaults to now. */
  createdAt?: Date;
  /** Images already saved in the media folder (see media.ts). */
  images?: readonly StoredImage[];
  /** Images that did not arrive yet: queued for the bot to download again (mediaOutbox.ts). */
  missingImages?: readonly MissingImage[];
  /**
   * A partner asked for this message explicitly ("Save as memory"): a memory of it deleted on
   * the web comes back. Otherwise (the channel, a replayed event) deleted stays deleted.
   */
  restoreDeleted?: boolean;
  /**
   * A `/memory` that may be one sent again (its answer never came): the same partner's memory with
   * the same words and files of the same sizes, saved within MEMORY_SENT_AGAIN_MS, is returned
   * instead of a second one.
   */
  mayBeSentAgain?: boolean;
}

export interface SavedMemory {
  memory: Memory;
  /** False when the memory already existed (the same message never makes two). */
  created: boolean;
  /**
   * True when it was a deleted memory brought back (`restoreDeleted`) with the images it kept (or
   * still waits for), so the ones given with this save are not its. One that kept none takes them.
   */
  restored?: boolean;
  /**
   * With `mayBeSentAgain`, the memory already saved: the images given with this save that joined it
   * because its own had not arrived (still queued, or given up on). The caller removes the others.
   */
  joined?: readonly StoredImage[];
}

/** Stores a memory, or returns the one already made from the same Discord message (deleted stays deleted). */
export function addMemory(db: Db, memory: NewMemory): Memory {
  return saveMemory(db, memory).memory;
}

/** addMemory, saying whether the memory is new (or came back, with `restoreDeleted`). */
export function saveMemory(db: Db, memory: NewMemory): SavedMemory {
  const hasImages = (memory.images?.length ?? 0) + (memory.missingImages?.length ?? 0) > 0;
  const message = memoryText(memory.message, hasImages);
  return inTransaction(db, (tx) => {
    if (memory.discordMessageId !== undefined) {
      const existing = tx
        .select({ id: memories.id, deletedAt: memories.deletedAt })
        .from(memories)
        .where(eq(memories.discordMessageId, memory.discordMessageId))
        .get();
      if (existing && existing.deletedAt !== null && memory.restoreDeleted) {
        tx.update(memories).set({ deletedAt: null, message }).where(eq(memories.id, existing.id)).run();
        if (keptImages(tx, existing.id)) return { memory: memoryById(tx, existing.id)!, created: true, restored: true };
        // It kept none (its downloads failed for good): this save's images are its own now.
        addImages(tx, existing.id, memory);
        return { memory: memoryById(tx, existing.id)!, created: true };
      }
      if (existing) return { memory: memoryById(tx, existing.id)!, created: false };
    }
    if (memory.mayBeSentAgain) {
      const saved = memorySentJustBefore(tx, memory, message);
      if (saved) return { memory: saved, created: false, joined: joinNotArrived(tx, saved.id, memory.images ?? []) };
    }
    const { id } = tx
      .insert(memories)
      .values({
        userId: memory.userId,
        message,
        discordMessageId: memory.discordMessageId,
        discordUrl: memory.discordUrl,
        createdAt: isoNow(memory.createdAt),
      })
      .returning({ id: memories.id })
      .get();
    addImages(tx, id, memory);
    return { memory: memoryById(tx, id)!, created: true };
  });
}

function addImages(tx: Tx, memoryId: number, memory: Pick<NewMemory, "images" | "missingImages">): void {
  for (const image of memory.images ?? [])
    tx.insert(memoryImages)
      .values({ memoryId, ...image })
      .run();
  queueMissingImages(tx, memoryId, memory.missingImages ?? []);
}

/** Whether a memory has images, or still waits for one the bot has not given up on. */
function keptImages(tx: Tx, memoryId: number): boolean {
  const image = tx.select({ id: memoryImages.id }).from(memoryImages).where(eq(memoryImages.memoryId, memoryId)).get();
  if (image) return true;
  return notArrived(tx, memoryId).some((queued) => queued.gaveUpAt === null);
}

/** A memory's queued images that did not arrive: still waited for, or given up on (gaveUpAt). */
function notArrived(tx: Tx, memoryId: number): { id: number; size: number; gaveUpAt: string | null }[] {
  return tx
    .select({ id: mediaOutbox.id, size: mediaOutbox.size, gaveUpAt: mediaOutbox.gaveUpAt })
    .from(mediaOutbox)
    .where(and(eq(mediaOutbox.memoryId, memoryId), isNull(mediaOutbox.doneAt)))
    .orderBy(asc(mediaOutbox.id))
    .all();
}

/**
 * The images downloaded now join the memory in place of its queued ones that did not arrive, matched
 * by size (one queued image each); those leave the queue, so the retry does not fetch them again.
 * Returns the images that joined.
 */
function joinNotArrived(tx: Tx, memoryId: number, images: readonly StoredImage[]): StoredImage[] {
  const queued = notArrived(tx, memoryId);
  const joined: StoredImage[] = [];
  for (const image of images) {
    const index = queued.findIndex((row) => row.size === image.size);
    if (index === -1) continue;
    const [row] = queued.splice(index, 1);
    tx.update(mediaOutbox).set({ doneAt: isoNow() }).where(eq(mediaOutbox.id, row!.id)).run();
    joined.push(image);
  }
  addImages(tx, memoryId, { images: joined });
  return joined;
}

/** The partner's memory with these words and files (by their sizes) saved within MEMORY_SENT_AGAIN_MS, if any. */
function memorySentJustBefore(tx: Db, memory: NewMemory, message: string): Memory | undefined {
  const now = memory.createdAt ?? new Date();
  const sizesOf = (sizes: { size: number }[]) =>
    sizes
      .map((s) => s.size)
      .sort((a, b) => a - b)
      .join();
  const files = sizesOf([...(memory.images ?? []), ...(memory.missingImages ?? [])]);
  const candidates = tx
    .select({ id: memories.id })
    .from(memories)
    .where(
      and(
        eq(memories.userId, memory.userId),
        eq(memories.message, message),
        isNull(memories.discordMessageId),
        isNull(memories.deletedAt),
        gte(memories.createdAt, isoNow(new Date(now.getTime() - MEMORY_SENT_AGAIN_MS))),
      ),
    )
    .all();
  const same = candidates.find(({ id }) => {
    const kept = tx.select({ size: memoryImages.size }).from(memoryImages).where(eq(memoryImages.memoryId, id)).all();
    // Files still on their way count as given (their attachment's size); one that arrived is in memory_images.
    return sizesOf([...kept, ...notArrived(tx, id)]) === files;
  });
  return same && memoryById(tx, same.id);
}

/**
 * The memories made from a Discord message since `since`, with the link to it, oldest first: those
 * on the board and those in the web's trash (`trashed`), whose words an edit in Discord changes too
 * (editMemoryFromDiscord), so a restore brings back the last ones. Not those whose message was
 * found deleted already: it will not come back.
 */
export function memoriesFromDiscordSince(
  db: Db,
  since: Date,
): { discordMessageId: string; discordUrl: string; message: string; trashed: boolean }[] {
  return db
    .select({
      discordMessageId: memories.discordMessageId,
      discordUrl: memories.discordUrl,
      message: memories.message,
      deletedAt: memories.deletedAt,
    })
    .from(memories)
    .where(and(gte(memories.createdAt, isoNow(since)), isNotNull(memories.discordUrl), isNull(memories.discordGoneAt)))
    .orderBy(memories.createdAt)
    .all()
    .flatMap((row) =>
      row.discordMessageId === null || row.discordUrl === null
        ? []
        : [
            {
              discordMessageId: row.discordMessageId,
              discordUrl: row.discordUrl,
              message: row.message,
              trashed: row.deletedAt !== null,
            },
          ],
    );
}

/**
 * A message edited in Discord edits its memory; null when no visible memory came from it. One in
 * the web's trash takes the words too (unseen until restored), so a restore brings back what its
 * author wrote last, not the words from before the edit.
 */
export function editMemoryFromDiscord(db: Db, discordMessageId: string, message: string): Memory | null {
  return inTransaction(db, (tx) => {
    const memory = tx
      .select({ id: memories.id, deletedAt: memories.deletedAt })
      .from(memories)
      .where(eq(memories.discordMessageId, discordMessageId))
      .get();
    if (!memory) return null;
    const hasImages = tx
      .select({ id: memoryImages.id })
      .from(memoryImages)
      .where(eq(memoryImages.memoryId, memory.id))
      .get();
    const text = memoryText(message, hasImages !== undefined);
    tx.update(memories).set({ message: text }).where(eq(memories.id, memory.id)).run();
    return memory.deletedAt === null ? memoryById(tx, memory.id)! : null;
  });
}

/**
 * The images of the memory made from a Discord message whose attachments were removed from it
 * there (an edit): they leave the memory. `attachmentIds`: the message's attachments now. Images
 * saved before their attachment was kept, and those sent by /memory, stay. Returns the files no
 * longer used, for the caller to remove once this is committed.
 */
export function removeImagesGoneFromDiscord(
  db: Db,
  discordMessageId: string,
  attachmentIds: readonly string[],
): string[] {
  return inTransaction(db, (tx) => {
    const memory = tx
      .select({ id: memories.id })
      .from(memories)
      .where(eq(memories.discordMessageId, discordMessageId))
      .get();
    if (!memory) return [];
    const gone = tx
      .select({ id: memoryImages.id, fileName: memoryImages.fileName, attachmentId: memoryImages.discordAttachmentId })
      .from(memoryImages)
      .where(and(eq(memoryImages.memoryId, memory.id), isNotNull(memoryImages.discordAttachmentId)))
      .all()
      .filter((image) => !attachmentIds.includes(image.attachmentId!));
    for (const image of gone) tx.delete(memoryImages).where(eq(memoryImages.id, image.id)).run();
    return gone.map((image) => image.fileName);
  });
}

/**
 * A message deleted in Discord removes its memory, once. A soft delete, so a replayed Discord event
 * cannot bring the memory back; and the deletion is noted (`discord_gone_at`), so a memory brought
 * back from the trash on purpose is not removed again by the same deletion seen anew (a replayed
 * event, the check of recent messages at every start). Returns whether a visible memory was removed.
 */
export function removeMemoryFromDiscord(db: Db, discordMessageId: string, now = new Date()): boolean {
  return inTransaction(db, (tx) => {
    const { changes } = tx
      .update(memories)
      .set({ deletedAt: trashStamp(tx, now) })
      .where(
        and(
          eq(memories.discordMessageId, discordMessageId),
          isNull(memories.deletedAt),
          isNull(memories.discordGoneAt),
        ),
      )
      .run();
    tx.update(memories)
      .set({ discordGoneAt: isoNow(now) })
      .where(and(eq(memories.discordMessageId, discordMessageId), isNull(memories.discordGoneAt)))
      .run();
    return changes > 0;
  });
}

/** Whether a memory not deleted was made from this Discord message. */
export function hasLiveMemoryFromDiscord(db: Db, discordMessageId: string): boolean {
  return (
    db
      .select({ id: memories.id })
      .from(memories)
      .where(and(eq(memories.discordMessageId, discordMessageId), isNull(memories.deletedAt)))
      .get() !== undefined
  );
}

/** Whether a memory (even a deleted one) was already made from this Discord message. */
export function hasMemoryFromDiscord(db: Db, discordMessageId: string): boolean {
  return (
    db.select({ id: memories.id }).from(memories).where(eq(memories.discordMessageId, discordMessageId)).get() !==
    undefined
  );
}

/** Every memory not deleted, newest first. */
export function listMemories(db: Db): Memory[] {
  return statements(db).list.all();
}

export function latestMemory(db: Db): Memory | null {
  return statements(db).latest.get() ?? null;
}

/**
 * Moves the named memories to the trash at once (a soft delete: restorable for MEMORY_TRASH_DAYS,
 * see memoryTrash.ts) and returns how many left the board. Naming a memory that never existed
 * refuses the whole request; naming one already deleted is harmless.
 */
export function trashMemories(db: Db, ids: readonly number[], now = new Date()): number {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new Refusal("invalid", "ids: must name at least one memory");
  return inTransaction(db, (tx) => {
    const known = new Set(
      tx
        .select({ id: memories.id })
        .from(memories)
        .where(inArray(memories.id, wanted))
        .all()
        .map((row) => row.id),
    );
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new Refusal("not_found", `No memory with id ${unknown.join(", ")}`);
    return tx
      .update(memories)
      .set({ deletedAt: trashStamp(tx, now) })
      .where(and(inArray(memories.id, wanted), isNull(memories.deletedAt)))
      .run().changes;
  });
}

/** `trashMemories`, answering the memories that remain (the spec's delete answer). */
export function deleteMemories(db: Db, ids: readonly number[], now = new Date()): Memory[] {
  return inTransaction(db, (tx) => {
    trashMemories(tx, ids, now);
    return listMemories(tx);
  });
}

const memoryColumns = {
  id: memories.id,
  message: memories.message,
  username: users.responseName,
  createdAt: memories.createdAt,
};

const statements = preparedFor((db) => {
  const withAuthor = () => db.select(memoryColumns).from(memories).innerJoin(users, eq(users.id, memories.userId));
  // Through memories_created: newest first with no sort step.
  const visible = () =>
    withAuthor().where(isNull(memories.deletedAt)).orderBy(desc(memories.createdAt), desc(memories.id));
  return {
    list: visible().prepare(),
    latest: visible().limit(LIMIT_ONE).prepare(),
    byId: withAuthor()
      .where(eq(memories.id, param("id")))
      .prepare(),
  };
});

function memoryById(db: Db, id: number): Memory | undefined {
  return statements(db).byId.get({ id });
}

/**
 * A memory is its text or its images: a Discord message with neither makes none. The text meets
 * the one text rule (text.ts); an image-only memory has no text.
 */
function memoryText(message: string, hasImages: boolean): string {
  if (hasImages && isBlankText(message)) return "";
  if (isBlankText(message)) throw new Refusal("invalid", "message: a memory needs some text");
  return cleanText(message, { field: "message", max: MEMORY_TEXT_MAX, multiline: true });
}
