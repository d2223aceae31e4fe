import { completeDownload, failDownload, pendingDownloads } from "@spankbank/db/mediaOutbox";
import { UPLOAD_LIMIT_MAX } from "@spankbank/shared/limits";
import type { BotContext } from "../context.js";
import { DownloadFailure, downloadImage } from "../images.js";
import { logError } from "../logging.js";

/** How often the bot looks for memory images to download again. */
export const MEDIA_RETRY_POLL_MS = 30_000;

/**
 * Downloads again the memory images that did not arrive with their memory (the media outbox),
 * each with its own growing wait; an image that arrives joins its memory. Returns how many arrived.
 */
export async function retryMissingImages(context: BotContext): Promise<number> {
  let arrived = 0;
  for (const pending of pendingDownloads(context.db)) {
    try {
      const image = await downloadImage(pending, context.mediaDir, {
        // Its size was within the limit when it was posted; the CDN must not send more.
        maxBytes: Math.min(Math.max(pending.size, 0), UPLOAD_LIMIT_MAX),
        extraHosts: context.mediaHosts,
      });
      completeDownload(context.db, pending.id, image);
      arrived++;
    } catch (error) {
      if (!(error instanceof DownloadFailure)) throw error;
      const gaveUp = failDownload(context.db, pending.id, error.message, !error.retry);
      if (gaveUp) console.warn(`Gave up on ${pending.name} of memory ${pending.memoryId}: ${error.message}`);
    }
  }
  return arrived;
}

/** Retries now, then every MEDIA_RETRY_POLL_MS, one round at a time. Returns stop(). */
export function startMediaRetries(context: BotContext, pollMs = MEDIA_RETRY_POLL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const round = async () => {
    try {
      await retryMissingImages(context);
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
