import { Blockquote, Group, Stack, Text } from "@mantine/core";
import { sameDayMonthsBefore } from "@spankbank/shared/calendar";
import type { OnThisDay } from "@spankbank/shared/contract/memories";
import { DashboardCard } from "@/components/DashboardCard";
import { AnchorLink } from "@/components/links";
import { useDisplayName } from "@/lib/useDisplayName";
import { useOnThisDay } from "../api/getOnThisDay";
import { dayLabel } from "./calendarDays";
import { MemoryImages } from "./MemoryImages";

/** "A year ago today...", "3 months ago today...". */
export function agoToday(monthsAgo: number): string {
  if (monthsAgo % 12 === 0) return monthsAgo === 12 ? "A year ago today..." : `${monthsAgo / 12} years ago today...`;
  return monthsAgo === 1 ? "A month ago today..." : `${monthsAgo} months ago today...`;
}

/** Beyond the spec: this calendar day in earlier months and years. Hidden while empty, loading or failed. */
export function OnThisDayCard({ sealedText }: { sealedText: (username: string) => string }) {
  const { data } = useOnThisDay();
  const displayName = useDisplayName();
  if (!data || (data.memories.length === 0 && data.answers.length === 0)) return null;
  return (
    <DashboardCard title="On this day" loading={false} span>
      <Stack gap="md">
        {groupByMonthsAgo(data).map(([monthsAgo, { memories, answers }]) => (
          <Stack key={monthsAgo} gap="xs">
            <Group justify="space-between" gap="xs">
              <Text fw={700} c="rose">
                {agoToday(monthsAgo)}
              </Text>
              <TimelineLink date={sameDayMonthsBefore(data.date, monthsAgo)} />
            </Group>
            {memories.map((memory) => (
              <div key={`m${memory.id}`}>
                {/* A photo or voice message posted alone has no words to quote. */}
                {memory.message !== "" && (
                  <Blockquote color="rose" p="sm" radius="md" iconSize={0}>
                    {`"${memory.message}"`}
                  </Blockquote>
                )}
                <MemoryImages images={memory.images} message={memory.message} />
                <Text size="sm" c="dimmed">{`by ${displayName(memory.username)}`}</Text>
              </div>
            ))}
            {byQuestion(answers).map((answered) => (
              <div key={`q${answered[0]!.question_id}`}>
                <Text size="sm" fw={600}>
                  {answered[0]!.question}
                </Text>
                {answered.map((answer) => (
                  <Text key={answer.username} size="sm">
                    {answer.sealed
                      ? sealedText(answer.username)
                      : `${displayName(answer.username)}: "${answer.response}"`}
                  </Text>
                ))}
              </div>
            ))}
          </Stack>
        ))}
      </Stack>
    </DashboardCard>
  );
}

/** That day opened in the timeline, with the rest of its memories. */
function TimelineLink({ date }: { date: string }) {
  return (
    <AnchorLink to="/timeline" search={{ date }} size="sm" fw={600}>
      {`${dayLabel(date)} in the timeline`}
    </AnchorLink>
  );
}

type MonthsAgoGroup = { memories: OnThisDay["memories"]; answers: OnThisDay["answers"] };

function groupByMonthsAgo(data: OnThisDay): [number, MonthsAgoGroup][] {
  const groups = new Map<number, MonthsAgoGroup>();
  const groupOf = (monthsAgo: number) => {
    const group = groups.get(monthsAgo) ?? { memories: [], answers: [] };
    groups.set(monthsAgo, group);
    return group;
  };
  for (const memory of data.memories) groupOf(memory.months_ago).memories.push(memory);
  for (const answer of data.answers) groupOf(answer.months_ago).answers.push(answer);
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

function byQuestion(answers: OnThisDay["answers"]): OnThisDay["answers"][] {
  const questions = new Map<number, OnThisDay["answers"]>();
  for (const answer of answers)
    questions.set(answer.question_id, [...(questions.get(answer.question_id) ?? []), answer]);
  return [...questions.values()];
}
