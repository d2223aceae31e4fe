import { Group, Image, Modal, UnstyledButton } from "@mantine/core";
import type { MemoryImage } from "@spankbank/shared/contract/memories";
import { useState } from "react";
import classes from "./memories.module.css";

/**
 * A memory's stored photos, loaded only when scrolled near; the alt text is the memory's own
 * words. Each opens full screen (a Mantine Modal), closed with Escape or its close button.
 */
export function MemoryImages({ images, message }: { images?: MemoryImage[]; message: string }) {
  const [open, setOpen] = useState<MemoryImage | null>(null);
  if (!images || images.length === 0) return null;
  return (
    <>
      <Group gap="xs" mt="sm">
        {images.map((image, index) => (
          <UnstyledButton
            key={image.id}
            className={classes.photoButton}
            onClick={() => setOpen(image)}
            aria-label={images.length === 1 ? "Open the photo full screen" : `Open photo ${index + 1} full screen`}
          >
            <Image src={image.url} alt={message} loading="lazy" radius="md" h={120} w="auto" fit="cover" />
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        fullScreen
        title="Photo"
        closeButtonProps={{ "aria-label": "Close the photo" }}
      >
        {open && <Image src={open.url} alt={message} className={classes.fullPhoto} fit="contain" />}
      </Modal>
    </>
  );
}
