import type { MemoryImage } from "@spankbank/shared/contract/memories";
import { kindOf } from "./MemoryImages";

const kinds = [
  ["photo", "a photo", "photos"],
  ["voice", "a voice message", "voice messages"],
  ["video", "a video", "videos"],
] as const;

/**
 * How a control's label names a memory: its words in quotes, or what it holds when it has none
 * (a photo or a voice message alone): `the memory with 2 photos and a video`.
 */
export function memoryName({ message, images = [] }: { message: string; images?: MemoryImage[] | undefined }): string {
  if (message !== "") return `the memory "${message}"`;
  const held = kinds.flatMap(([kind, one, many]) => {
    const count = images.filter((file) => kindOf(file) === kind).length;
    if (count === 0) return [];
    return [count === 1 ? one : `${count} ${many}`];
  });
  return held.length > 0 ? `the memory with ${held.join(" and ")}` : "the memory";
}
