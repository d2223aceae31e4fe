import { Blockquote, Stack, Text } from "@mantine/core";
import type { OnThisDay } from "@spankbank/shared/contract/memories";
import { DashboardCard } from "@/components/DashboardCard";
import { useDisplayName } from "@/lib/useDisplayName";
import { useOnThisDay } from "../api/getOnThisDay";
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
            <Text fw={700} c="rose">
              {agoToday(monthsAgo)}
            </Text>
            {memories.map((memory) => (
              <div key={`m${memory.id}`}>
                <Blockquote color="rose" p="sm" radius="md" iconSize={0}>
                  {`"${memory.message}"`}
                </Blockquote>
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

type Group = { memories: OnThisDay["memories"]; answers: OnThisDay["answers"] };

function groupByMonthsAgo(data: OnThisDay): [number, Group][] {
  const groups = new Map<number, Group>();
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
