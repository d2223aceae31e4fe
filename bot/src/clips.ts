import { CLIP_MAX_BYTES, VIDEO_SECONDS_MAX, VOICE_NOTE_SECONDS_MAX } from "@spankbank/shared/limits";
import { parseFile } from "music-metadata";

/** The largest voice message or video kept where Discord allows uploads of `maxBytes`. */
export function clipMaxBytes(maxBytes: number): number {
  return Math.min(maxBytes, CLIP_MAX_BYTES);
}

/** The voice message or video type the first bytes are (their magic numbers), or null. */
export function sniffClip(head: Buffer): string | null {
  if (head.subarray(0, 4).toString("latin1") === "OggS") return "audio/ogg";
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return "video/webm";
  if (head.subarray(4, 8).toString("latin1") === "ftyp") {
    return head.subarray(8, 12).toString("latin1") === "qt  " ? "video/quicktime" : "video/mp4";
  }
  return null;
}

/**
 * Why a downloaded voice message or video is not kept (not a voice message, too big, its
 * container unreadable or not WebM, too long), or null to keep it. Its length is read from the
 * file's own container, never from what Discord says.
 */
export async function clipRefusal(
  path: string,
  contentType: string,
  size: number,
  { name, voiceMessage, maxBytes }: { name: string; voiceMessage: boolean; maxBytes: number },
): Promise<string | null> {
  const isVoice = contentType.startsWith("audio/");
  // Discord marks a voice message as such: other audio files are left out, as before.
  if (isVoice && !voiceMessage) return `${name} is an audio file, not a voice message`;
  if (size > clipMaxBytes(maxBytes)) return `${name} is bigger than ${clipMaxBytes(maxBytes)} bytes`;
  let format: Awaited<ReturnType<typeof parseFile>>["format"];
  try {
    ({ format } = await parseFile(path, { duration: true, skipCovers: true }));
  } catch (error) {
    return `${name} cannot be read as ${isVoice ? "a voice message" : "a video"}: ${(error as Error).message}`;
  }
  // Matroska shares WebM's first bytes, but browsers play only WebM.
  if (contentType === "video/webm" && format.container !== "EBML/webm") return `${name} is not a WebM video`;
  const seconds = format.duration ?? Math.max(0, ...format.trackInfo.map((track) => track.duration ?? 0));
  if (!(seconds > 0)) return `${name} does not say how long it lasts`;
  const cap = isVoice ? VOICE_NOTE_SECONDS_MAX : VIDEO_SECONDS_MAX;
  if (seconds > cap) return `${name} lasts longer than ${cap / 60} minutes`;
  return null;
}
