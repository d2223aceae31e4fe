import { Group, Image } from "@mantine/core";
import type { MemoryImage } from "@spankbank/shared/contract/memories";

/** A memory's stored photos, loaded only when scrolled near; the alt text is the memory's own words. */
export function MemoryImages({ images, message }: { images?: MemoryImage[]; message: string }) {
  if (!images || images.length === 0) return null;
  return (
    <Group gap="xs" mt="sm">
      {images.map((image) => (
        <Image key={image.id} src={image.url} alt={message} loading="lazy" radius="md" h={120} w="auto" fit="cover" />
      ))}
    </Group>
  );
}
