import { Blockquote, Stack, Text } from "@mantine/core";
import { DashboardCard } from "@/components/DashboardCard";
import { AnchorLink } from "@/components/links";
import { useDisplayName } from "@/lib/useDisplayName";
import { formatDate } from "@/lib/view";
import { useLatestMemory } from "../api/getLatestMemory";
import { MemoryImages } from "./MemoryImages";

const EMPTY = "Create some memories on Discord to get started!";

/** The dashboard's Memory Board card: the latest memory, or the Discord text when none (or on failure). */
export function MemoryCard() {
  const { data: memory, isPending } = useLatestMemory();
  const displayName = useDisplayName();
  return (
    <DashboardCard title="Memory Board" loading={isPending} reserve={150}>
      <Stack gap="sm">
        {memory ? (
          <>
            {memory.message !== "" && (
              <Blockquote color="rose" p="md" radius="md" iconSize={0}>
                {`"${memory.message}"`}
              </Blockquote>
            )}
            <MemoryImages images={memory.images} message={memory.message} />
            <Text size="sm" c="dimmed">
              {`by ${displayName(memory.username)} · ${formatDate(memory.created_at)}`}
            </Text>
          </>
        ) : (
          <Text>{EMPTY}</Text>
        )}
        <AnchorLink to="/memories" fw={600}>
          View Full Memory Board
        </AnchorLink>
      </Stack>
    </DashboardCard>
  );
}
