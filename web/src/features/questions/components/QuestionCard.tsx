import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { CoupleSummary } from "@spankbank/shared/contract/auth";
import { DashboardCard } from "@/components/DashboardCard";
import { formatDate } from "@/lib/view";
import { useLatestQuestion } from "../api/getLatestQuestion";
import { type Slot, sealedText, slotsOf } from "../slots";

/** The dashboard's Q & A card: the latest question and one column per partner. */
export function QuestionCard({ partners }: { partners: CoupleSummary["partners"] }) {
  const { data: question, isPending } = useLatestQuestion();
  return (
    <DashboardCard title="Q & A" loading={isPending} span reserve={160}>
      {question && (
        <Stack gap="md">
          <Text size="lg" fw={600}>
            {question.question}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {slotsOf(question, partners).map((slot) => (
              <Column key={slot.partner.username} slot={slot} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </DashboardCard>
  );
}

function Column({ slot: { partner, answer } }: { slot: Slot }) {
  return (
    <Paper withBorder p="md" radius="md" bg="rose.0" component="section" aria-label={partner.displayName}>
      <Title order={3} size="h4" mb="xs">
        {partner.displayName}
      </Title>
      {!answer ? (
        <Text c="dimmed">{`${partner.displayName} has not submitted a response yet!`}</Text>
      ) : answer.sealed ? (
        <Text c="dimmed">{sealedText(partner)}</Text>
      ) : (
        <Stack gap={4}>
          <Text style={{ overflowWrap: "anywhere" }}>{answer.response}</Text>
          <Text size="sm" c="dimmed">
            {`${partner.displayName} · ${answer.created_at ? formatDate(answer.created_at) : "No date available"}`}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
