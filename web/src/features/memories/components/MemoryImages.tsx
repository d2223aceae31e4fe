import { Group, Image, Modal, Stack, UnstyledButton } from "@mantine/core";
import type { MemoryImage } from "@spankbank/shared/contract/memories";
import { useState } from "react";
import classes from "./memories.module.css";

/** What a stored file is, by its content type: a photo, a voice message or a video. */
export function kindOf(file: MemoryImage): "photo" | "voice" | "video" {
  if (file.contentType.startsWith("audio/")) return "voice";
  if (file.contentType.startsWith("video/")) return "video";
  return "photo";
}

/** "Voice message" alone, or "Voice message 2 of 3" among others of its kind. */
function nameOf(label: string, index: number, count: number): string {
  return count === 1 ? label : `${label} ${index + 1} of ${count}`;
}

/** The browser's own player for a voice message or a video, reading only its length until played. */
function Player({ file, label }: { file: MemoryImage; label: string }) {
  return kindOf(file) === "voice" ? (
    // biome-ignore lint/a11y/useMediaCaption: a voice message has no captions to give.
    <audio className={classes.voice} src={file.url} controls preload="metadata" aria-label={label} />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: a video from Discord comes without captions.
    <video className={classes.video} src={file.url} controls playsInline preload="metadata" aria-label={label} />
  );
}

/**
 * A memory's stored photos, voice messages and videos. Photos load only when scrolled near; the
 * alt text is the memory's own words, and each opens full screen (a Mantine Modal), closed with
 * Escape or its close button. Voice messages and videos play in the browser's own controls,
 * reading only their length until played (the server answers range requests).
 */
export function MemoryImages({ images, message }: { images?: MemoryImage[]; message: string }) {
  const [open, setOpen] = useState<MemoryImage | null>(null);
  if (!images || images.length === 0) return null;
  // A photo alone is the memory itself: never an empty (decorative) alt text.
  const alt = message !== "" ? message : "A photo posted without words";
  const photos = images.filter((file) => kindOf(file) === "photo");
  const voices = images.filter((file) => kindOf(file) === "voice");
  const videos = images.filter((file) => kindOf(file) === "video");
  return (
    <>
      {photos.length > 0 && (
        <Group gap="xs" mt="sm">
          {photos.map((image, index) => (
            <UnstyledButton
              key={image.id}
              className={classes.photoButton}
              onClick={() => setOpen(image)}
              aria-label={photos.length === 1 ? "Open the photo full screen" : `Open photo ${index + 1} full screen`}
            >
              <Image src={image.url} alt={alt} loading="lazy" radius="md" h={120} w="auto" fit="cover" />
            </UnstyledButton>
          ))}
        </Group>
      )}
      {voices.length + videos.length > 0 && (
        <Stack gap="xs" mt="sm">
          {voices.map((voice, index) => (
            <Player key={voice.id} file={voice} label={nameOf("Voice message", index, voices.length)} />
          ))}
          {videos.map((video, index) => (
            <Player key={video.id} file={video} label={nameOf("Video", index, videos.length)} />
          ))}
        </Stack>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        fullScreen
        title="Photo"
        closeButtonProps={{ "aria-label": "Close the photo" }}
      >
        {open && <Image src={open.url} alt={alt} className={classes.fullPhoto} fit="contain" />}
      </Modal>
    </>
  );
}
