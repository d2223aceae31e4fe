import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { CLIP_TYPES, IMAGE_TYPES, imageTypeOf, MEDIA_TYPES, type StoredImage } from "@spankbank/db/media";
import type { MissingImage } from "@spankbank/db/mediaOutbox";
import {
  MEDIA_MAX_BYTES,
  NOTE_FILE_NAMES_MAX,
  UPLOAD_LIMIT_MAX,
  VIDEO_SECONDS_MAX,
  VOICE_NOTE_SECONDS_MAX,
} from "@spankbank/shared/limits";
import { clipMaxBytes, clipRefusal, sniffClip } from "./clips.js";

export interface Attachment {
  /** Discord's id of the attachment, kept with the image (see `removeImagesGoneFromDiscord`). */
  id?: string | undefined;
  name: string;
  url: string;
  contentType: string | null;
  size: number;
}

/** The attachment id in a Discord CDN link: its path is /attachments/<channel>/<attachment id>/<file name>. */
export function attachmentIdOf(url: string): string | undefined {
  const id = new URL(url).pathname.split("/")[3];
  return id && /^\d+$/.test(id) ? id : undefined;
}

export interface SavedImages {
  saved: StoredImage[];
  /** Names of the attachments left out for good (not an image, voice message or video we keep, too big, not from Discord). */
  refused: string[];
  /** Images that did not arrive (Discord's CDN failed or was too slow): tried again later. */
  missing: MissingImage[];
}

/** Where images are downloaded from: Discord's CDN, plus any host the configuration adds. */
export const DISCORD_MEDIA_HOSTS: readonly string[] = ["cdn.discordapp.com", "media.discordapp.net"];
/** A download that takes longer than this is dropped (and tried again later). */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

export interface DownloadRules {
  /** The upload limit the interaction or the server advertises; at least MEDIA_MAX_BYTES. */
  maxBytes: number;
  /** The message is a Discord voice message: its Ogg audio is kept (other audio never is). */
  voiceMessage?: boolean;
  /** Only a photo is kept (a bounty's): no voice message or video. */
  photoOnly?: boolean;
  /** Hosts allowed besides Discord's CDN (`host` or `host:port`, e.g. a test stand-in's). */
  extraHosts?: readonly string[];
  /** DOWNLOAD_TIMEOUT_MS unless told (tests wait less). */
  timeoutMs?: number;
}

/** Why a download did not give an image: `retry` later (network, 5xx, 404 of a slow CDN) or never. */
export class DownloadFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** Discord's CDN over https, or a host the configuration names explicitly. */
function allowedUrl(url: string, extraHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "https:" && DISCORD_MEDIA_HOSTS.includes(parsed.hostname)) return true;
  return (parsed.protocol === "https:" || parsed.protocol === "http:") && extraHosts.includes(parsed.host);
}

/** What the attachment says it is, without parameters; "" when Discord did not say. */
export function declaredType(attachment: Pick<Attachment, "contentType">): string {
  return attachment.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
}

/**
 * The most bytes an attachment may bring by what it says it is (an image, a voice message, a
 * video, or unsaid), or null when it is left out before a byte of it is read.
 */
function byteLimitOf(attachment: Attachment, maxBytes: number, rules: DownloadRules): number | null {
  const type = declaredType(attachment);
  const limit =
    type === "" || type in IMAGE_TYPES
      ? maxBytes
      : type in CLIP_TYPES && !rules.photoOnly && (rules.voiceMessage || !type.startsWith("audio/"))
        ? clipMaxBytes(maxBytes)
        : null;
  return limit !== null && attachment.size <= limit ? limit : null;
}

/**
 * Downloads one image, voice message or video into the media folder: only from allowed hosts,
 * no redirects, at most `maxBytes` (CLIP_MAX_BYTES for a voice message or video) streamed to a
 * partial file (never held in memory), within DOWNLOAD_TIMEOUT_MS, and kept only when its bytes
 * are png, jpeg, gif or webp, or a voice message or video within its length (clips.ts). Throws
 * DownloadFailure.
 */
export async function downloadImage(
  attachment: Attachment,
  mediaDir: string,
  rules: DownloadRules,
): Promise<StoredImage> {
  const uploadLimit = Math.min(Math.max(rules.maxBytes, MEDIA_MAX_BYTES), UPLOAD_LIMIT_MAX);
  if (!allowedUrl(attachment.url, rules.extraHosts ?? [])) {
    throw new DownloadFailure(`${attachment.name} is not on Discord's CDN`, false);
  }
  const voiceMessage = rules.voiceMessage ?? false;
  const maxBytes = byteLimitOf(attachment, uploadLimit, rules);
  if (maxBytes === null) throw new DownloadFailure(`${attachment.name} is not a file we keep`, false);
  // Aborting the request (not cancelling its body) is what stops the transfer at once.
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(rules.timeoutMs ?? DOWNLOAD_TIMEOUT_MS)]);
  let response: Response;
  try {
    response = await fetch(attachment.url, { redirect: "error", signal });
  } catch (error) {
    throw new DownloadFailure(`Downloading ${attachment.name} failed: ${(error as Error).message}`, true);
  }
  if (!response.ok || !response.body) {
    stop.abort();
    throw new DownloadFailure(`Downloading ${attachment.name} failed: HTTP ${response.status}`, true);
  }
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    stop.abort();
    throw new DownloadFailure(`${attachment.name} is bigger than ${maxBytes} bytes`, false);
  }
  await mkdir(mediaDir, { recursive: true });
  const id = randomUUID();
  const partial = join(mediaDir, `.partial-${id}`);
  const file = await open(partial, "w");
  let head = Buffer.alloc(0);
  let size = 0;
  try {
    // Streamed to the file chunk by chunk, counting: nothing past the limit is read or kept.
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        stop.abort();
        throw new DownloadFailure(`${attachment.name} is bigger than ${maxBytes} bytes`, false);
      }
      if (head.length < 12) head = Buffer.concat([head, value.subarray(0, 12 - head.length)]);
      await file.write(value);
    }
    // On the disk before it is named and a memory row points at it: a power cut then leaves the
    // photo whole, never an empty file under its name.
    await file.sync();
    await file.close();
    const contentType = imageTypeOf(head) ?? (rules.photoOnly ? null : sniffClip(head));
    if (!contentType) {
      throw new DownloadFailure(`${attachment.name} is not an image, voice message or video we keep`, false);
    }
    if (contentType in CLIP_TYPES) {
      const refusal = await clipRefusal(partial, contentType, size, {
        name: attachment.name,
        voiceMessage,
        maxBytes: uploadLimit,
      });
      if (refusal) throw new DownloadFailure(refusal, false);
    }
    const fileName = `${id}.${MEDIA_TYPES[contentType]}`;
    await rename(partial, join(mediaDir, fileName));
    return { fileName, contentType, size, discordAttachmentId: attachment.id };
  } catch (error) {
    await file.close().catch(() => {});
    await rm(partial, { force: true });
    if (error instanceof DownloadFailure) throw error;
    throw new DownloadFailure(`Downloading ${attachment.name} failed: ${(error as Error).message}`, true);
  }
}

/**
 * Downloads the image attachments into the media folder: Discord's attachment links expire
 * within about a day, so a memory keeps its own copy. Attachments that are not images we keep
 * are refused; images that fail to arrive are `missing`, for the media outbox to try again.
 */
export async function saveImages(
  attachments: readonly Attachment[],
  mediaDir: string,
  rules: DownloadRules,
): Promise<SavedImages> {
  const result: SavedImages = { saved: [], refused: [], missing: [] };
  for (const attachment of attachments) {
    try {
      result.saved.push(await downloadImage(attachment, mediaDir, rules));
    } catch (error) {
      if (!(error instanceof DownloadFailure)) throw error;
      if (error.retry) {
        console.warn(`${error.message}; will try again later.`);
        // Its attachment id is read again from its link (`attachmentIdOf`): the queue's own `id` is its row's.
        const { id: _attachmentId, ...missing } = attachment;
        result.missing.push(missing);
      } else {
        result.refused.push(attachment.name);
      }
    }
  }
  return result;
}

/**
 * Files named in a note: as many whole names as fit NOTE_FILE_NAMES_MAX, then how many more (as
 * `listInOneMessage` lists lines); a first name too long alone is cut.
 */
function fileNames(names: readonly string[]): string {
  for (let kept = names.length; kept > 0; kept--) {
    const listed = names.slice(0, kept).join(", ");
    const text = kept === names.length ? listed : `${listed} and ${names.length - kept} more`;
    if (text.length <= NOTE_FILE_NAMES_MAX) return text;
  }
  const more = names.length > 1 ? ` and ${names.length - 1} more` : "";
  return `${(names[0] ?? "").slice(0, NOTE_FILE_NAMES_MAX - more.length - 1)}…${more}`;
}

/** The note a partner reads when some attachments were left out (`photoOnly`: where only a photo is kept). */
export function refusedNote(refused: readonly string[], maxBytes: number, photoOnly = false): string {
  const limit = Math.min(Math.max(maxBytes, MEDIA_MAX_BYTES), UPLOAD_LIMIT_MAX);
  const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));
  if (photoOnly)
    return `I keep only png, jpeg, gif and webp images up to ${mb(limit)} MB, so I left out ${fileNames(refused)}.`;
  return (
    `I keep png, jpeg, gif and webp images up to ${mb(limit)} MB, voice messages up to ` +
    `${VOICE_NOTE_SECONDS_MAX / 60} minutes and mp4, webm or mov videos up to ${VIDEO_SECONDS_MAX / 60} minutes ` +
    `and ${mb(clipMaxBytes(limit))} MB, so I left out ${fileNames(refused)}.`
  );
}

/** The note a partner reads when some images did not arrive yet. */
export function missingNote(missing: readonly { name: string }[]): string {
  const names = fileNames(missing.map((m) => m.name));
  return `Discord did not give me ${names} yet: the memory is saved, and I will add ${missing.length === 1 ? "it" : "them"} when ${missing.length === 1 ? "it arrives" : "they arrive"}.`;
}

/** The upload limit of a server, by its boost level (Discord's documented limits). */
export function guildUploadLimit(premiumTier: number | undefined): number {
  if (premiumTier === 3) return 100 * 1024 * 1024;
  if (premiumTier === 2) return 50 * 1024 * 1024;
  return 10 * 1024 * 1024;
}
