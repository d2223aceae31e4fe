import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { CoupleSummary } from "@spankbank/shared/contract/auth";
import type { ReactNode } from "react";
import { DashboardCard } from "@/components/DashboardCard";
import { formatDate } from "@/lib/view";
import { useLatestQuestion } from "../api/getLatestQuestion";
import { otherSlot, type Slot, sealedText, slotsOf } from "../slots";
import { GuessBeside } from "./GuessBeside";

/** The dashboard's Q & A card: the latest question and one column per partner, each with the other's guess of it. */
export function QuestionCard({ partners, me }: { partners: CoupleSummary["partners"]; me: string }) {
  const { data: question, isPending } = useLatestQuestion();
  return (
    <DashboardCard title="Q & A" loading={isPending} span reserve={160}>
      {question && (
        <Stack gap="md">
          <Text size="lg" fw={600}>
            {question.question}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {slotsOf(question, partners).map((slot, _, slots) => {
              const guesser = otherSlot(slots, slot);
              return (
                <Column key={slot.partner.username} slot={slot}>
                  {guesser && (
                    <GuessBeside
                      question={question}
                      about={slot.partner}
                      guesser={guesser}
                      readerIsAbout={slot.partner.username === me}
                    />
                  )}
                </Column>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
    </DashboardCard>
  );
}

function Column({ slot: { partner, answer }, children }: { slot: Slot; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" bg="var(--app-tint)" component="section" aria-label={partner.displayName}>
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
      {children}
    </Paper>
  );
}
