import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  completeDownload,
  failDownload,
  type PendingDownload,
  pendingDownloads,
  renewDownloadLink,
} from "@spankbank/db/mediaOutbox";
import { UPLOAD_LIMIT_MAX } from "@spankbank/shared/limits";
import { type Client, DiscordAPIError, RESTJSONErrorCodes } from "discord.js";
import type { BotContext } from "../context.js";
import { attachmentIdOf, DownloadFailure, declaredType, downloadImage } from "../images.js";
import { logError } from "../logging.js";
import { heldIn } from "./held.js";
import { messageAt, placeOf } from "./jumpLink.js";

/** How often the bot looks for memory images to download again. */
export const MEDIA_RETRY_POLL_MS = 30_000;

/** Discord answers these when the message (or its channel) no longer exists: nothing to wait for. */
const GONE = new Set<number | string>([RESTJSONErrorCodes.UnknownMessage, RESTJSONErrorCodes.UnknownChannel]);

/**
 * Reads the memory's Discord message again for a fresh signed link to the image: the stored one
 * expires within about a day, and a bot that was away longer would otherwise lose the image.
 * Returns the link, `gone` when the message or the attachment no longer exists, or null when
 * Discord could not be asked now (the stored link is tried as it is).
 */
async function freshLink(client: Client, pending: PendingDownload): Promise<string | "gone" | null> {
  const place = placeOf(pending.discordUrl);
  if (!place) return await signedAgain(client, pending);
  try {
    const message = await messageAt(client, place);
    if (!message) return null;
    return heldIn(message).attachments.get(attachmentIdOf(pending.url) ?? "")?.url ?? "gone";
  } catch (error) {
    if (error instanceof DiscordAPIError && GONE.has(error.code)) return "gone";
    logError(`Reading message ${place.messageId} again for ${pending.name} failed`, error);
    return null;
  }
}

/**
 * An image of `/memory` has no message to read again: Discord signs its link again on request
 * (`POST /attachments/refresh-urls`, not wrapped by discord.js, so asked through its REST client).
 */
async function signedAgain(client: Client, pending: PendingDownload): Promise<string | null> {
  try {
    const answer = (await client.rest.post("/attachments/refresh-urls", {
      body: { attachment_urls: [pending.url] },
    })) as { refreshed_urls?: { original: string; refreshed: string }[] };
    return answer.refreshed_urls?.find((link) => link.original === pending.url)?.refreshed ?? null;
  } catch (error) {
    logError(`Asking Discord for a fresh link to ${pending.name} failed`, error);
    return null;
  }
}

/**
 * Downloads again the memory images that did not arrive with their memory (the media outbox),
 * each with its own growing wait, from a fresh link when `client` can read one; an image that
 * arrives joins its memory. Returns how many arrived.
 */
export async function retryMissingImages(context: BotContext, client?: Client): Promise<number> {
  let arrived = 0;
  for (const pending of pendingDownloads(context.db)) {
    const link = client ? await freshLink(client, pending) : null;
    if (link === "gone") {
      failDownload(context.db, pending.id, "The Discord message or its attachment is gone", true);
      console.warn(`Gave up on ${pending.name} of memory ${pending.memoryId}: its Discord message is gone`);
      continue;
    }
    if (link && link !== pending.url) renewDownloadLink(context.db, pending.id, link);
    try {
      const image = await downloadImage(
        { ...pending, id: attachmentIdOf(pending.url), url: link ?? pending.url },
        context.mediaDir,
        {
          // Its size was within the limit when it was posted; the CDN must not send more.
          maxBytes: Math.min(Math.max(pending.size, 0), UPLOAD_LIMIT_MAX),
          // Only a voice message's audio was queued: Discord types it audio/ogg, other audio was refused.
          voiceMessage: declaredType(pending) === "audio/ogg",
          extraHosts: context.mediaHosts,
        },
      );
      if (completeDownload(context.db, pending.id, image)) arrived++;
      else rmSync(join(context.mediaDir, image.fileName), { force: true });
    } catch (error) {
      if (!(error instanceof DownloadFailure)) throw error;
      const gaveUp = failDownload(context.db, pending.id, error.message, !error.retry);
      if (gaveUp) console.warn(`Gave up on ${pending.name} of memory ${pending.memoryId}: ${error.message}`);
    }
  }
  return arrived;
}

/**
 * Removes downloads a stopped bot left half-written (`.partial-*`). Only the bot writes there,
 * one bot per database (its lock): call it before the client connects, when none can be under way.
 */
export function removePartialDownloads(mediaDir: string): number {
  const partials = existsSync(mediaDir) ? readdirSync(mediaDir).filter((name) => name.startsWith(".partial-")) : [];
  for (const name of partials) rmSync(join(mediaDir, name), { force: true });
  return partials.length;
}

/** Retries now, then every MEDIA_RETRY_POLL_MS, one round at a time. Returns stop(). */
export function startMediaRetries(context: BotContext, client?: Client, pollMs = MEDIA_RETRY_POLL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const round = async () => {
    try {
      await retryMissingImages(context, client);
    } catch (error) {
      logError("Downloading missing memory images failed", error);
    }
    if (!stopped) timer = setTimeout(round, pollMs);
  };
  void round();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
