import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { User } from "@spankbank/db/couple";
import { Refusal } from "@spankbank/db/errors";
import type { MissingImage } from "@spankbank/db/mediaOutbox";
import {
  editMemoryFromDiscord,
  hasLiveMemoryFromDiscord,
  hasMemoryFromDiscord,
  type Memory,
  removeImagesGoneFromDiscord,
  saveMemory,
} from "@spankbank/db/memories";
import { type Message, MessageFlags } from "discord.js";
import type { BotContext } from "../context.js";
import { guildUploadLimit, saveImages } from "../images.js";
import { wasDeleted } from "../workInProgress.js";
import { type Held, heldIn } from "./held.js";

export interface SavedMemory {
  /** Null when nothing new was saved: the message was saved before, or it made no memory (`refusal`). */
  memory: Memory | null;
  /** Attachments left out for good. */
  refused: string[];
  /** Images that did not arrive yet (queued to try again). */
  missing: MissingImage[];
  /** Why the message made no memory (no text and no image we keep, or text the rule refuses). */
  refusal?: Refusal;
  /** The upload limit the refused note names. */
  maxBytes: number;
}

/**
 * A partner's Discord message becomes a memory: its text, the images that arrive, the ones that
 * did not queued for later, and a link back to it. A forward's are the message forwarded (see
 * `heldIn`); its author and time are the forward's. With `restoreDeleted` (a partner asked for it
 * with "Save as memory") a memory of it deleted on the web comes back.
 */
export async function memoryFromMessage(
  message: Message,
  author: User,
  context: BotContext,
  { restoreDeleted = false } = {},
): Promise<SavedMemory> {
  const { db, mediaDir, mediaHosts } = context;
  const maxBytes = guildUploadLimit(message.guild?.premiumTier);
  const already = restoreDeleted ? hasLiveMemoryFromDiscord(db, message.id) : hasMemoryFromDiscord(db, message.id);
  // Deleted on Discord after it was read (a catch-up's page): the partner took it back.
  if (already || wasDeleted(context, message.id)) return { memory: null, refused: [], missing: [], maxBytes };
  const held = heldIn(message);
  const attachments = [...held.attachments.values()].map((a) => ({
    id: a.id,
    name: a.name,
    url: a.url,
    contentType: a.contentType,
    size: a.size,
  }));
  const { saved, refused, missing } = await saveImages(attachments, mediaDir, {
    maxBytes,
    voiceMessage: held.flags.has(MessageFlags.IsVoiceMessage),
    extraHosts: mediaHosts,
  });
  // Deleted on Discord while its images downloaded: not kept either.
  if (wasDeleted(context, message.id)) {
    await removeFiles(saved, mediaDir);
    return { memory: null, refused: [], missing: [], maxBytes };
  }
  try {
    const { memory, created, restored } = saveMemory(db, {
      userId: author.id,
      message: held.content,
      discordMessageId: message.id,
      discordUrl: message.url,
      createdAt: message.createdAt,
      images: saved,
      missingImages: missing,
      restoreDeleted,
    });
    // Made before (or brought back with the images it kept): what was just downloaded is not its.
    const ownImages = created && !restored;
    if (!ownImages) await removeFiles(saved, mediaDir);
    if (created) await takeEditsMadeMeanwhile(message, held, context);
    return { memory: created ? memory : null, refused, missing: ownImages ? missing : [], maxBytes };
  } catch (error) {
    // Nothing was written: the downloaded files must not linger without a memory.
    await removeFiles(saved, mediaDir);
    if (error instanceof Refusal) return { memory: null, refused, missing: [], refusal: error, maxBytes };
    throw error;
  }
}

/**
 * Edited on Discord while its images downloaded: that edit found no memory to change, so the new
 * memory takes it now, as a live edit does (discord.js patched the message in place).
 */
async function takeEditsMadeMeanwhile(message: Message, saved: Held, context: BotContext): Promise<void> {
  const now = heldIn(message);
  await forgetRemovedAttachments(message.id, now, context);
  if (now.content === saved.content) return;
  try {
    editMemoryFromDiscord(context.db, message.id, now.content);
  } catch (error) {
    // Edited down to nothing (or refused): the memory keeps the words it was posted with.
    if (!(error instanceof Refusal)) throw error;
  }
}

async function removeFiles(saved: readonly { fileName: string }[], mediaDir: string): Promise<void> {
  await Promise.all(saved.map((image) => rm(join(mediaDir, image.fileName), { force: true })));
}

/**
 * The images of a memory whose attachments were removed from its Discord message (an edit) leave
 * the memory, and their files the disk once that is written. `held`: what the message holds now
 * (`heldIn`). Returns how many left.
 */
export async function forgetRemovedAttachments(
  messageId: string,
  held: Pick<Held, "attachments">,
  context: BotContext,
): Promise<number> {
  const files = removeImagesGoneFromDiscord(context.db, messageId, [...held.attachments.keys()]);
  await removeFiles(
    files.map((fileName) => ({ fileName })),
    context.mediaDir,
  );
  return files.length;
}
