import { ActionIcon, Alert, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { isCalendarDate } from "@spankbank/shared/letterMoments";
import { YEAR_SHOWN_MAX, YEAR_SHOWN_MIN } from "@spankbank/shared/limits";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTimelineYear } from "../api/getTimelineYear";
import { memoriesCount } from "./MemoryBoard";
import { HeatLegend, TimelineCalendar } from "./TimelineCalendar";
import { TimelineDay } from "./TimelineDay";
import classes from "./timeline.module.css";

const FIRST_DAY = `${YEAR_SHOWN_MIN}-01-01`;
const LAST_DAY = `${YEAR_SHOWN_MAX}-12-31`;

function YearPicker({ year, years, onYear }: { year: number; years: number[]; onYear: (year: number) => void }) {
  const first = years[0]!;
  const last = years.at(-1)!;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <ActionIcon
        variant="light"
        size="lg"
        aria-label="Previous year"
        disabled={year <= first}
        onClick={() => onYear(year - 1)}
      >
        <span aria-hidden="true">‹</span>
      </ActionIcon>
      <NativeSelect
        label="Year"
        value={String(year)}
        data={years.map(String)}
        onChange={(event) => onYear(Number(event.currentTarget.value))}
        w={110}
      />
      <ActionIcon
        variant="light"
        size="lg"
        aria-label="Next year"
        disabled={year >= last}
        onClick={() => onYear(year + 1)}
      >
        <span aria-hidden="true">›</span>
      </ActionIcon>
    </Group>
  );
}

function JumpToDate({ initial, onJump }: { initial: string | undefined; onJump: (date: string) => void }) {
  const [value, setValue] = useState(initial ?? "");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(initial ?? ""), [initial]);
  const jump = (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDate(value) || value < FIRST_DAY || value > LAST_DAY) {
      setError(`Choose a date between ${YEAR_SHOWN_MIN} and ${YEAR_SHOWN_MAX}`);
      return;
    }
    setError(null);
    onJump(value);
  };
  return (
    <form onSubmit={jump} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          type="date"
          label="Jump to a date"
          value={value}
          min={FIRST_DAY}
          max={LAST_DAY}
          error={error}
          onChange={(event) => setValue(event.currentTarget.value)}
          w={170}
        />
        <Button type="submit" mt={25} variant="light">
          Go
        </Button>
      </Group>
    </form>
  );
}

/** The years the selector offers: from the oldest memory's to this one, and the one shown. */
function yearsFrom(first: number, today: string, shown: number): number[] {
  const last = Math.max(Number(today.slice(0, 4)), shown);
  const from = Math.min(first, shown);
  return Array.from({ length: last - from + 1 }, (_, index) => from + index);
}

/**
 * The timeline: a year of memories as a calendar heatmap, a day opened beside it (above it on a
 * phone), a year selector and "jump to a date". What is shown lives in the address.
 */
export function Timeline({
  year,
  date,
  page,
  onYear,
  onDate,
  onPage,
}: {
  year: number | undefined;
  date: string | undefined;
  page: number;
  onYear: (year: number) => void;
  onDate: (date: string) => void;
  onPage: (page: number) => void;
}) {
  const { data, isPending, isLoadingError } = useTimelineYear(year);
  const dayHeading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  // A day opened here (a tap, a jump) takes the focus to its heading, scrolled into view.
  useEffect(() => {
    if (!opened.current || date === undefined) return;
    opened.current = false;
    dayHeading.current?.focus({ preventScroll: true });
    dayHeading.current?.scrollIntoView({ block: "nearest" });
  }, [date]);
  const open = (next: string) => {
    opened.current = true;
    onDate(next);
  };

  // A failed re-read keeps what was shown: only a first read that failed says so.
  if (isLoadingError)
    return (
      <Alert color="red" variant="light" role="alert">
        Failed to fetch the timeline. Please try again later.
      </Alert>
    );
  if (isPending) return <Text c="dimmed">Loading...</Text>;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <YearPicker year={data.year} years={yearsFrom(data.first_year, data.today, data.year)} onYear={onYear} />
        <JumpToDate initial={date} onJump={open} />
      </Group>
      <div className={classes.layout}>
        <div className={classes.dayColumn}>
          <TimelineDay date={date} page={page} onPage={onPage} headingRef={dayHeading} />
        </div>
        <Card withBorder radius="lg" padding="md" shadow="xs" className={classes.yearColumn}>
          <Stack gap="sm">
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={2} c="rose">
                {data.year}
              </Title>
              <Text c="dimmed">{data.total === 0 ? "No memories this year yet" : memoriesCount(data.total)}</Text>
            </Group>
            <HeatLegend />
            <Text size="xs" c="dimmed">
              Arrow keys move between days, Page Up and Page Down between months.
            </Text>
            <TimelineCalendar year={data.year} days={data.days} today={data.today} selected={date} onOpen={open} />
          </Stack>
        </Card>
      </div>
    </Stack>
  );
}
