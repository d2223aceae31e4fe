import { Alert, Card, Stack, Text, Title } from "@mantine/core";
import type { Ref } from "react";
import { AnchorLink } from "@/components/links";
import { Pager } from "@/components/Pager";
import { useDisplayName } from "@/lib/useDisplayName";
import { useTimelineDay } from "../api/getTimelineDay";
import { longDayLabel } from "./calendarDays";
import { memoriesCount } from "./MemoryBoard";
import { MemoryImages } from "./MemoryImages";
import classes from "./timeline.module.css";

const timeOfDay = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });

/** One day's memories, oldest first, each linked to its page of the memory board. */
function DayMemories({ date, page, onPage }: { date: string; page: number; onPage: (page: number) => void }) {
  const { data, isPending, isLoadingError } = useTimelineDay(date, page);
  const displayName = useDisplayName();
  // A failed re-read keeps what was shown: only a first read that failed says so.
  if (isLoadingError)
    return (
      <Alert color="red" variant="light" role="alert">
        Failed to fetch the day's memories. Please try again later.
      </Alert>
    );
  if (isPending) return <Text c="dimmed">Loading...</Text>;
  if (data.total === 0) return <Text c="dimmed">No memories on this day.</Text>;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {memoriesCount(data.total)}
      </Text>
      <Stack gap="lg" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {data.memories.map((memory) => (
          <li key={memory.id} className={classes.dayMemory}>
            <Text id={`day-memory-${memory.id}`} className={classes.message}>
              {memory.message}
            </Text>
            <MemoryImages images={memory.images} message={memory.message} />
            <Text size="xs" c="dimmed" mt={4}>
              {`by ${displayName(memory.username)} · ${timeOfDay(memory.created_at)}`}
            </Text>
            <AnchorLink
              to="/memories"
              search={{ page: memory.board_page }}
              size="sm"
              fw={600}
              aria-describedby={`day-memory-${memory.id}`}
            >
              See it on the memory board
            </AnchorLink>
          </li>
        ))}
      </Stack>
      <Pager total={data.pageCount} value={data.page} onChange={onPage} />
    </Stack>
  );
}

/** The open day, or a word on how to open one. */
export function TimelineDay({
  date,
  page,
  onPage,
  headingRef,
}: {
  date: string | undefined;
  page: number;
  onPage: (page: number) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" className={classes.dayPanel}>
      {date === undefined ? (
        <Text c="dimmed">Tap a day to see its memories, or jump to a date.</Text>
      ) : (
        <Stack gap="sm">
          <Title order={2} size="h3" ref={headingRef} tabIndex={-1} c="rose" className={classes.dayHeading}>
            {longDayLabel(date)}
          </Title>
          <DayMemories date={date} page={page} onPage={onPage} />
        </Stack>
      )}
    </Card>
  );
}
