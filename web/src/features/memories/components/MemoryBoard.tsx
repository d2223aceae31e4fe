import { ActionIcon, Alert, Button, Card, Checkbox, Flex, Group, Modal, Stack, Text } from "@mantine/core";
import { MEMORY_TRASH_DAYS } from "@spankbank/shared/limits";
import { plural } from "@spankbank/shared/spanks";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Pager } from "@/components/Pager";
import { toast } from "@/lib/toast";
import { useDisplayName } from "@/lib/useDisplayName";
import { formatDate } from "@/lib/view";
import { useDeleteMemories } from "../api/deleteMemories";
import { memoryPageQueryOptions, useMemoryPage } from "../api/getMemoryPage";
import { MemoryImages } from "./MemoryImages";
import { memoryName } from "./memoryName";

const FETCH_FAILED = "Failed to fetch memories. Please try again later.";
const DELETE_FAILED = "Failed to delete memories. Please try again later.";

export const memoriesCount = (n: number) => plural(n, "memory", "memories");

/** The memory board (SPEC: Memory board): 5 a page, selection mode to delete (to the trash, after a confirm). */
export function MemoryBoard({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { data, isPending, isError } = useMemoryPage(page);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteMemories();
  const queryClient = useQueryClient();
  const displayName = useDisplayName();
  const trashButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasSelecting = useRef(false);

  // Only what is on screen can be selected: another page starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page change is the trigger
  useEffect(() => setSelected(new Set()), [page]);
  // Focus follows the mode: into selection mode on its Cancel, back out on the trash button.
  useEffect(() => {
    if (selecting !== wasSelecting.current) (selecting ? cancelButton : trashButton).current?.focus();
    wasSelecting.current = selecting;
  }, [selecting]);

  const leaveSelection = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const memories = data?.memories ?? [];
  const onScreen = memories.filter((memory) => selected.has(memory.id)).map((memory) => memory.id);

  const deleteSelected = () =>
    deletion.mutate(
      { ids: onScreen, page },
      {
        onSuccess: (shown) => {
          // The answer is the page to show now: a page that no longer exists falls back to the new last one.
          queryClient.setQueryData(memoryPageQueryOptions(shown.page).queryKey, shown);
          setConfirming(false);
          leaveSelection();
          toast.success(
            `${onScreen.length === 1 ? "1 memory moved" : `${onScreen.length} memories moved`} to the trash. You can restore ${onScreen.length === 1 ? "it" : "them"} for ${MEMORY_TRASH_DAYS} days.`,
          );
          if (shown.page !== page) onPage(shown.page);
        },
        onError: () => setConfirming(false),
      },
    );

  if (isPending) return <Text c="dimmed">Loading...</Text>;
  const error = isError ? FETCH_FAILED : deletion.isError ? DELETE_FAILED : null;

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {data && data.total > 0 && (
        <Group justify="space-between">
          <Text c="dimmed">{memoriesCount(data.total)}</Text>
          {selecting ? (
            <Group gap="sm">
              <Button ref={cancelButton} variant="default" onClick={leaveSelection}>
                Cancel
              </Button>
              <Button color="red.9" disabled={onScreen.length === 0} onClick={() => setConfirming(true)}>
                Delete Selected Memories
              </Button>
            </Group>
          ) : (
            <ActionIcon
              ref={trashButton}
              variant="light"
              size="lg"
              aria-label="Select memories to delete"
              title="Select memories to delete"
              onClick={() => setSelecting(true)}
            >
              <TrashIcon />
            </ActionIcon>
          )}
        </Group>
      )}
      {data && memories.length === 0 && <Text>No memories yet.</Text>}
      {memories.map((memory) => (
        <Card key={memory.id} withBorder radius="lg" padding="lg" shadow="xs" component="article">
          <Group align="flex-start" wrap="nowrap" gap="md">
            {selecting && (
              <Checkbox
                mt={4}
                aria-label={`Select ${memoryName(memory)}`}
                checked={selected.has(memory.id)}
                onChange={() => toggle(memory.id)}
              />
            )}
            <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
              {/* A voice message or a photo alone has no words to quote. */}
              {memory.message !== "" && (
                <Text size="lg" fs="italic" style={{ overflowWrap: "anywhere" }}>{`"${memory.message}"`}</Text>
              )}
              <MemoryImages images={memory.images} message={memory.message} />
              <Group gap="xs" justify="space-between">
                <Text size="sm" fw={600} c="rose">{`by ${displayName(memory.username)}`}</Text>
                <Text size="sm" c="dimmed">
                  {formatDate(memory.created_at)}
                </Text>
              </Group>
            </Stack>
          </Group>
        </Card>
      ))}
      {data && <Pager total={data.pageCount} value={data.page} onChange={onPage} />}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${memoriesCount(onScreen.length)}?`}
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <Stack gap="md">
          <Text>{`${onScreen.length === 1 ? "It goes" : "They go"} to the trash below the board, where you can restore ${onScreen.length === 1 ? "it" : "them"} for ${MEMORY_TRASH_DAYS} days. After that ${onScreen.length === 1 ? "it is" : "they are"} gone for good.`}</Text>
          {/* On a phone the two do not fit one line: full width, the delete on top, Keep below it. */}
          <Flex direction={{ base: "column-reverse", xs: "row" }} justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {onScreen.length === 1 ? "Keep it" : "Keep them"}
            </Button>
            <Button color="red.9" loading={deletion.isPending} onClick={deleteSelected}>
              {`Delete ${memoriesCount(onScreen.length)}`}
            </Button>
          </Flex>
        </Stack>
      </Modal>
    </Stack>
  );
}

export function TrashIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
