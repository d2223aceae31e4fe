import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { User } from "@spankbank/db/couple";
import { addMemory, hasMemoryFromDiscord, type Memory } from "@spankbank/db/memories";
import type { Message } from "discord.js";
import type { BotContext } from "../context.js";
import { saveImages } from "../images.js";

export interface SavedMemory {
  /** Null when the message had been saved before (the same message never makes two memories). */
  memory: Memory | null;
  refused: string[];
}

/** A partner's Discord message becomes a memory: its text, its images and a link back to it. */
export async function memoryFromMessage(
  message: Message,
  author: User,
  { db, mediaDir }: BotContext,
): Promise<SavedMemory> {
  if (hasMemoryFromDiscord(db, message.id)) return { memory: null, refused: [] };
  const attachments = [...message.attachments.values()].map((a) => ({
    name: a.name,
    url: a.url,
    contentType: a.contentType,
    size: a.size,
  }));
  const { saved, refused } = await saveImages(attachments, mediaDir);
  try {
    const memory = addMemory(db, {
      userId: author.id,
      message: message.content,
      discordMessageId: message.id,
      discordUrl: message.url,
      createdAt: message.createdAt,
      images: saved,
    });
    return { memory, refused };
  } catch (error) {
    // Nothing was written: the downloaded files must not linger without a memory.
    await Promise.all(saved.map((image) => rm(join(mediaDir, image.fileName), { force: true })));
    throw error;
  }
}
