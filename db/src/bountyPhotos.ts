// A bounty's photo of it done (issue 36): stored in the media folder beside the memories' images.
import { randomUUID } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_MAX_BYTES } from "@spankbank/shared/limits";
import { eq } from "drizzle-orm";
import type { Db } from "./client.js";
import { Refusal } from "./errors.js";
import { imageTypeOf, MEDIA_TYPES, mediaFolder, type StoredImage } from "./media.js";
import { param, preparedFor } from "./prepared.js";
import { bounties } from "./schema.js";

/**
 * Saves a photo's bytes in the media folder under a name we choose, when they are a png, jpeg,
 * gif or webp of at most MEDIA_MAX_BYTES; anything else is refused naming `photo`, nothing written.
 */
export function storeBountyPhoto(db: Db, bytes: Uint8Array): StoredImage {
  if (bytes.byteLength > MEDIA_MAX_BYTES) {
    throw new Refusal("invalid", `photo: must be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB`);
  }
  const contentType = imageTypeOf(bytes);
  if (contentType === null) throw new Refusal("invalid", "photo: must be a png, jpeg, gif or webp image");
  const folder = mediaFolder(db);
  mkdirSync(folder, { recursive: true });
  const fileName = `${randomUUID()}.${MEDIA_TYPES[contentType]}`;
  const path = join(folder, fileName);
  const fd = openSync(path, "wx");
  try {
    // On the disk before a bounty points at it: a power cut leaves the photo whole.
    writeFileSync(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    // A full disk: no half-written photo stays behind.
    closeSync(fd);
    rmSync(path, { force: true });
    throw error;
  }
  closeSync(fd);
  return { fileName, contentType, size: bytes.byteLength };
}

/** Removes a stored photo that no bounty took (the change was refused, or said again) or names any more. */
export function discardBountyPhoto(db: Db, photo: Pick<StoredImage, "fileName">): void {
  rmSync(join(mediaFolder(db), photo.fileName), { force: true });
}

/** Whether `sent` (stored just now, or none) is the very photo the bounty kept as `kept`: its bytes. */
export function sameBountyPhoto(db: Db, kept: string | null, sent: StoredImage | undefined): boolean {
  if (kept === null || sent === undefined) return kept === null && sent === undefined;
  const folder = mediaFolder(db);
  try {
    // The size first: another photo is told apart without reading either.
    if (statSync(join(folder, kept)).size !== sent.size) return false;
    return readFileSync(join(folder, kept)).equals(readFileSync(join(folder, sent.fileName)));
  } catch {
    // The kept file is gone: what was sent cannot be told the same.
    return false;
  }
}

const statements = preparedFor((db) => ({
  photo: db
    .select({ fileName: bounties.donePhotoFile, contentType: bounties.donePhotoType })
    .from(bounties)
    .where(eq(bounties.id, param("id")))
    .prepare(),
}));

/** A bounty's photo of it done, as a file in the media folder, or null when it has none. */
export function bountyPhotoFile(db: Db, bountyId: number): { path: string; contentType: string } | null {
  const row = statements(db).photo.get({ id: bountyId });
  if (!row?.fileName || !row.contentType) return null;
  return { path: join(mediaFolder(db), row.fileName), contentType: row.contentType };
}
