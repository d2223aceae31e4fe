import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MEDIA_MAX_BYTES, MEDIA_TYPES, type StoredImage } from "@spankbank/db/media";

export interface Attachment {
  name: string;
  url: string;
  contentType: string | null;
  size: number;
}

export interface SavedImages {
  saved: StoredImage[];
  /** Names of the attachments left out (wrong type or too big). */
  refused: string[];
}

/**
 * Downloads the image attachments into the media folder: Discord's attachment links expire
 * within about a day, so a memory keeps its own copy. Only png, jpeg, gif and webp up to 8 MB.
 */
export async function saveImages(attachments: readonly Attachment[], mediaDir: string): Promise<SavedImages> {
  const result: SavedImages = { saved: [], refused: [] };
  for (const attachment of attachments) {
    const contentType = attachment.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
    const extension = MEDIA_TYPES[contentType];
    if (!extension || attachment.size > MEDIA_MAX_BYTES) {
      result.refused.push(attachment.name);
      continue;
    }
    const response = await fetch(attachment.url);
    if (!response.ok) throw new Error(`Downloading ${attachment.name} failed: HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MEDIA_MAX_BYTES) {
      result.refused.push(attachment.name);
      continue;
    }
    await mkdir(mediaDir, { recursive: true });
    const fileName = `${randomUUID()}.${extension}`;
    await writeFile(join(mediaDir, fileName), bytes);
    result.saved.push({ fileName, contentType, size: bytes.length });
  }
  return result;
}

/** The note a partner reads when some attachments were left out. */
export function refusedNote(refused: readonly string[]): string {
  return `I keep only png, jpeg, gif and webp images up to 8 MB, so I left out ${refused.join(", ")}.`;
}
