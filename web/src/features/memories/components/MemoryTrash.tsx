import { Alert, Button, Card, Group, Stack, Text } from "@mantine/core";
import { MEMORY_TRASH_DAYS } from "@spankbank/shared/limits";
import { Pager } from "@/components/Pager";
import { firstControl, returnFocus, SELECTED_TAB } from "@/lib/returnFocus";
import { toast } from "@/lib/toast";
import { useDisplayName } from "@/lib/useDisplayName";
import { formatDate } from "@/lib/view";
import { useTrash } from "../api/getTrash";
import { useRestoreMemories } from "../api/restoreMemories";
import { memoriesCount } from "./MemoryBoard";
import { MemoryImages } from "./MemoryImages";
import { memoryName } from "./memoryName";

/** Focus goes to another memory's Restore button, else the selected tab (the restored one leaves the trash). */
function focusAfterRestore(restoredLabel: string): void {
  returnFocus(
    () =>
      [...document.querySelectorAll<HTMLElement>('button[aria-label^="Restore the memory"]')].find(
        (button) => button.getAttribute("aria-label") !== restoredLabel && !button.matches(":disabled"),
      ) ?? firstControl([SELECTED_TAB]),
  );
}

const day = (iso: string) => formatDate(iso, { dateStyle: "medium" });

/** Deleted memories, restorable for MEMORY_TRASH_DAYS days; then the daily purge removes them. */
export function MemoryTrash({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { data, isPending, isError } = useTrash(page);
  const restore = useRestoreMemories();
  const displayName = useDisplayName();

  if (isPending) return <Text c="dimmed">Loading...</Text>;
  return (
    <Stack gap="md">
      <Text c="dimmed">{`Deleted memories wait here for ${MEMORY_TRASH_DAYS} days, then they are gone for good.`}</Text>
      {(isError || restore.isError) && (
        <Alert color="red" variant="light" role="alert">
          {isError
            ? "Failed to fetch the trash. Please try again later."
            : "Failed to restore the memory. Please try again."}
        </Alert>
      )}
      {data && data.total === 0 && <Text>The trash is empty.</Text>}
      {data && data.total > 0 && <Text c="dimmed">{`${memoriesCount(data.total)} in the trash`}</Text>}
      {data?.memories.map((memory) => (
        <Card key={memory.id} withBorder radius="lg" padding="lg" component="article" bg="var(--app-quiet)">
          <Stack gap={6}>
            {/* A voice message or a photo alone has no words to quote: it is known by what it holds. */}
            {memory.message !== "" && (
              <Text size="lg" fs="italic" style={{ overflowWrap: "anywhere" }}>{`"${memory.message}"`}</Text>
            )}
            <MemoryImages images={memory.images} message={memory.message} />
            <Group gap="xs" justify="space-between" align="flex-end">
              <Stack gap={2}>
                <Text size="sm" fw={600} c="rose">{`by ${displayName(memory.username)}`}</Text>
                <Text
                  size="sm"
                  c="dimmed"
                >{`Deleted ${day(memory.deleted_at)} · restorable until ${day(memory.purge_at)}`}</Text>
              </Stack>
              <Button
                variant="light"
                loading={restore.isPending && restore.variables?.[0] === memory.id}
                onClick={() =>
                  restore.mutate([memory.id], {
                    onSuccess: () => {
                      toast.success("Memory restored to the board.");
                      focusAfterRestore(`Restore ${memoryName(memory)}`);
                    },
                  })
                }
                aria-label={`Restore ${memoryName(memory)}`}
              >
                Restore
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      {data && <Pager total={data.pageCount} value={data.page} onChange={onPage} />}
    </Stack>
  );
}
