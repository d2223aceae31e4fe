import { ActionIcon, Alert, Button, Card, Checkbox, Group, Pagination, Stack, Text } from "@mantine/core";
import { memoriesPage } from "@spankbank/shared/contract/memories";
import { MEMORIES_PER_PAGE } from "@spankbank/shared/limits";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useDisplayName } from "@/features/session/useDisplayName";
import { useDeleteMemories } from "../api/deleteMemories";
import { memoryPageQueryOptions, useMemoryPage } from "../api/getMemoryPage";
import { MemoryImages } from "./MemoryImages";

const FETCH_FAILED = "Failed to fetch memories. Please try again later.";
const DELETE_FAILED = "Failed to delete memories. Please try again later.";

/** The memory board (SPEC: Memory board): 5 a page, selection mode to delete. */
export function MemoryBoard({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { data, isPending, isError } = useMemoryPage(page);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const deletion = useDeleteMemories();
  const displayName = useDisplayName();
  const queryClient = useQueryClient();

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

  const deleteSelected = () =>
    deletion.mutate([...selected], {
      onSuccess: (remaining) => {
        // The returned list replaces the board; a page that no longer exists falls back to the new last page.
        const pageCount = Math.max(1, Math.ceil(remaining.length / MEMORIES_PER_PAGE));
        const target = Math.min(page, pageCount);
        const start = (target - 1) * MEMORIES_PER_PAGE;
        queryClient.setQueryData(
          memoryPageQueryOptions(target).queryKey,
          memoriesPage.parse({
            memories: remaining.slice(start, start + MEMORIES_PER_PAGE),
            page: target,
            pageCount,
            total: remaining.length,
          }),
        );
        leaveSelection();
        if (target !== page) onPage(target);
      },
    });

  if (isPending) return <Text c="dimmed">Loading...</Text>;
  const error = isError ? FETCH_FAILED : deletion.isError ? DELETE_FAILED : null;
  const memories = data?.memories ?? [];

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {data && data.total > 0 && (
        <Group justify="space-between">
          <Text c="dimmed">{data.total === 1 ? "1 memory" : `${data.total} memories`}</Text>
          {selecting ? (
            <Group gap="sm">
              <Button variant="default" onClick={leaveSelection}>
                Cancel
              </Button>
              <Button
                color="red.9"
                disabled={selected.size === 0}
                loading={deletion.isPending}
                onClick={deleteSelected}
              >
                Delete Selected Memories
              </Button>
            </Group>
          ) : (
            <ActionIcon
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
                aria-label={`Select the memory "${memory.message}"`}
                checked={selected.has(memory.id)}
                onChange={() => toggle(memory.id)}
              />
            )}
            <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
              <Text size="lg" fs="italic" style={{ overflowWrap: "anywhere" }}>{`"${memory.message}"`}</Text>
              <MemoryImages images={memory.images} message={memory.message} />
              <Group gap="xs" justify="space-between">
                <Text size="sm" fw={600} c="rose.8">{`by ${displayName(memory.username)}`}</Text>
                <Text size="sm" c="dimmed">
                  {new Date(memory.created_at).toLocaleDateString()}
                </Text>
              </Group>
            </Stack>
          </Group>
        </Card>
      ))}
      {data && data.pageCount > 1 && (
        <Pagination
          total={data.pageCount}
          value={data.page}
          onChange={onPage}
          siblings={1}
          boundaries={1}
          mx="auto"
          getControlProps={(control) => ({ "aria-label": control === "previous" ? "Previous page" : "Next page" })}
          getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
        />
      )}
    </Stack>
  );
}

function TrashIcon() {
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
