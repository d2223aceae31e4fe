import { Button, Card, Group, SimpleGrid, Text } from "@mantine/core";
import { keptFormat } from "@spankbank/shared/calendar";
import type { CoupleSummary } from "@spankbank/shared/contract/auth";
import { describeBothAwake, partnerStateAt } from "@spankbank/shared/eachOthersDay";
import { useMemo } from "react";
import { useNow } from "@/lib/view";

/** The clocks tick on the second; the rest of the panel (date, partner's state, both awake) on the minute. */
const CLOCK_REFRESH_MS = 1000;
const PANEL_REFRESH_MS = 60_000;

/** The full weekday and date in `timeZone`, e.g. "Sunday, March 8, 2026". */
export function clockDate(at: Date, timeZone: string): string {
  return keptFormat(
    "clock date",
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", year: "numeric", month: "long", day: "numeric" }),
  ).format(at);
}

/** The time with seconds in `timeZone`, two-digit hours so the width never changes, e.g. "03:00:00 AM". */
export function clockTime(at: Date, timeZone: string): string {
  return keptFormat(
    "clock time",
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hour12: true,
      }),
  ).format(at);
}

/**
 * The ticking time alone: each second re-renders this text, not the panel around it (the whole
 * panel on every tick was a long task every second on a phone's CPU).
 */
function ClockTime({ timeZone }: { timeZone: string }) {
  return clockTime(useNow(CLOCK_REFRESH_MS), timeZone);
}

/**
 * The two-city clock panel: each partner's city and zone, from the couple's config; the partner's
 * card says whether they are probably asleep, at work or free, and the next time both are awake.
 * Your own card opens "Your day" (`onEditMyDay`), where you set the sleep and work hours it reads.
 */
export function CityClocks({
  partners,
  me,
  onEditMyDay,
}: {
  partners: CoupleSummary["partners"];
  me: string;
  onEditMyDay?: () => void;
}) {
  // Sleep and work windows are minute-grained, and so is the date: the panel moves on once a minute.
  const now = useNow(PANEL_REFRESH_MS);
  const mine = partners.find((partner) => partner.username === me) ?? partners[0];
  const theirs = partners.find((partner) => partner !== mine)!;
  const bothAwake = useMemo(() => describeBothAwake(mine, theirs, now), [mine, theirs, now]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ gridColumn: "1 / -1" }}>
      {partners.map((partner) => (
        <Card
          key={partner.username}
          withBorder
          radius="lg"
          padding="lg"
          component="section"
          aria-label={`${partner.city} clock`}
          bg="var(--app-tint)"
        >
          <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
            <Text fw={700} size="lg" c="rose">
              {partner.city}
            </Text>
            {partner === mine && onEditMyDay && (
              // Outlined on white: the light variant on this rose card read as a label, not a button.
              <Button variant="outline" color="rose" bg="var(--app-surface)" size="compact-sm" onClick={onEditMyDay}>
                Your day
              </Button>
            )}
          </Group>
          <Text data-testid={`date-${partner.city}`} data-now>
            {clockDate(now, partner.timeZone)}
          </Text>
          <Text
            component="time"
            data-testid={`clock-${partner.city}`}
            data-now
            fz={{ base: 28, sm: 36 }}
            fw={600}
            style={{ fontVariantNumeric: "tabular-nums", display: "block" }}
          >
            <ClockTime timeZone={partner.timeZone} />
          </Text>
          {partner === theirs && (
            <Text data-testid={`state-${partner.city}`} data-now c="rose" mt="xs">
              {`${partner.displayName} is ${partnerStateAt(partner, now)}`}
            </Text>
          )}
        </Card>
      ))}
      <Text data-testid="both-awake" data-now ta="center" style={{ gridColumn: "1 / -1" }}>
        {bothAwake}
      </Text>
    </SimpleGrid>
  );
}
